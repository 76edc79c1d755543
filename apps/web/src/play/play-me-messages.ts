/**
 * The words of the "Me" screen (settings, my data, deleting my account), spread into each language's table in
 * play-messages.ts; kept apart so that screen's strings are edited in one place.
 */
const en = {
  'nav.me': 'Me',
  'me.title': 'Me',
  'me.profile': 'Profile',
  'me.name': 'Name',
  'me.email': 'Email',
  'me.save': 'Save',
  'me.saved': 'Saved.',
  'me.changeEmail': 'Change email',
  'me.newEmail': 'New email',
  'me.sendCode': 'Send a code to the new email',
  'me.codeSent': 'We sent a six-digit code to {email}. Enter it to use this email.',
  'me.code': 'Six-digit code',
  'me.confirmEmail': 'Confirm the new email',
  'me.cancel': 'Cancel',
  'me.emailChanged': 'Your email is now {email}.',
  'me.language': 'Language',
  'me.timeZone': 'Time zone',
  'me.timeZoneHint': 'Dates in Rally are shown in this time zone. This device: {zone}.',
  'me.timeZoneDevice': 'This device’s ({zone})',
  'me.data': 'My data',
  'me.dataLead': 'Everything Rally holds about you: profile, entries with answers, rewards and codes, inbox.',
  'me.download': 'Download my data',
  'me.delete': 'Delete my account',
  'me.deleteLead':
    'Your name and email are removed and you are signed out everywhere. Your {completions} entries and {unlocks} rewards stay in the brand’s reports and contests without your name.',
  'me.deleteMoney':
    'You earned {amount} in money rewards. Deleting your account gives it up: it can no longer be claimed or paid to you.',
  'me.deleteConfirm': 'I understand, delete my account',
  'me.deleteConfirmMoney': 'I give up {amount} and delete my account',
  'me.deleteButton': 'Delete my account for good',
  'me.deleted': 'Your account was deleted.',
};

export type TMeMessageKey = keyof typeof en;

const es: Record<TMeMessageKey, string> = {
  'nav.me': 'Yo',
  'me.title': 'Mi cuenta',
  'me.profile': 'Perfil',
  'me.name': 'Nombre',
  'me.email': 'Correo electrónico',
  'me.save': 'Guardar',
  'me.saved': 'Guardado.',
  'me.changeEmail': 'Cambiar el correo',
  'me.newEmail': 'Nuevo correo',
  'me.sendCode': 'Enviar un código al nuevo correo',
  'me.codeSent': 'Enviamos un código de seis dígitos a {email}. Introdúcelo para usar este correo.',
  'me.code': 'Código de seis dígitos',
  'me.confirmEmail': 'Confirmar el nuevo correo',
  'me.cancel': 'Cancelar',
  'me.emailChanged': 'Tu correo ahora es {email}.',
  'me.language': 'Idioma',
  'me.timeZone': 'Zona horaria',
  'me.timeZoneHint': 'Las fechas en Rally se muestran en esta zona horaria. Este dispositivo: {zone}.',
  'me.timeZoneDevice': 'La de este dispositivo ({zone})',
  'me.data': 'Mis datos',
  'me.dataLead': 'Todo lo que Rally guarda sobre ti: perfil, participaciones con respuestas, recompensas y códigos, bandeja.',
  'me.download': 'Descargar mis datos',
  'me.delete': 'Eliminar mi cuenta',
  'me.deleteLead':
    'Se eliminan tu nombre y tu correo y se cierra tu sesión en todas partes. Tus {completions} participaciones y {unlocks} recompensas siguen en los informes y concursos de la marca sin tu nombre.',
  'me.deleteMoney':
    'Ganaste {amount} en recompensas de dinero. Al eliminar tu cuenta renuncias a ello: ya no se podrá reclamar ni pagarte.',
  'me.deleteConfirm': 'Lo entiendo, eliminar mi cuenta',
  'me.deleteConfirmMoney': 'Renuncio a {amount} y elimino mi cuenta',
  'me.deleteButton': 'Eliminar mi cuenta definitivamente',
  'me.deleted': 'Tu cuenta fue eliminada.',
};

const fr: Record<TMeMessageKey, string> = {
  'nav.me': 'Moi',
  'me.title': 'Mon compte',
  'me.profile': 'Profil',
  'me.name': 'Nom',
  'me.email': 'E-mail',
  'me.save': 'Enregistrer',
  'me.saved': 'Enregistré.',
  'me.changeEmail': 'Changer d’e-mail',
  'me.newEmail': 'Nouvel e-mail',
  'me.sendCode': 'Envoyer un code au nouvel e-mail',
  'me.codeSent': 'Nous avons envoyé un code à six chiffres à {email}. Saisissez-le pour utiliser cet e-mail.',
  'me.code': 'Code à six chiffres',
  'me.confirmEmail': 'Confirmer le nouvel e-mail',
  'me.cancel': 'Annuler',
  'me.emailChanged': 'Votre e-mail est désormais {email}.',
  'me.language': 'Langue',
  'me.timeZone': 'Fuseau horaire',
  'me.timeZoneHint': 'Les dates dans Rally sont affichées dans ce fuseau. Cet appareil : {zone}.',
  'me.timeZoneDevice': 'Celui de cet appareil ({zone})',
  'me.data': 'Mes données',
  'me.dataLead': 'Tout ce que Rally garde sur vous : profil, participations avec réponses, récompenses et codes, messages.',
  'me.download': 'Télécharger mes données',
  'me.delete': 'Supprimer mon compte',
  'me.deleteLead':
    'Votre nom et votre e-mail sont effacés et vous êtes déconnecté partout. Vos {completions} participations et {unlocks} récompenses restent dans les rapports et concours de la marque, sans votre nom.',
  'me.deleteMoney':
    'Vous avez gagné {amount} en récompenses en argent. Supprimer votre compte y renonce : ce montant ne pourra plus être réclamé ni vous être versé.',
  'me.deleteConfirm': 'Je comprends, supprimer mon compte',
  'me.deleteConfirmMoney': 'Je renonce à {amount} et supprime mon compte',
  'me.deleteButton': 'Supprimer définitivement mon compte',
  'me.deleted': 'Votre compte a été supprimé.',
};

export const ME_MESSAGES = { en, es, fr } as const;
