/**
 * The words of joining a store by its code (the join link / QR poster, the waiting page) and of a manager's entry
 * for a colleague. Kept in their own table, looked up with the language /play shows (usePlayI18n's lang).
 */
import type { TLanguage } from '../i18n/languages';
import { usePlayI18n } from './play-i18n';

const en = {
  'join.title': 'Join your store on Rally',
  'join.lead': 'Sign up with your email to take part in your store’s campaigns.',
  'join.name': 'Your name',
  'join.email': 'Email',
  'join.sendCode': 'Send me a code',
  'join.codeSent':
    'We sent a six-digit code to {email}, if this join link is still valid. It is valid for {minutes} minutes.',
  'join.code': 'Six-digit code',
  'join.submit': 'Join',
  'join.pendingTitle': 'Waiting for approval',
  'join.pending':
    'Thanks, {name}! Your request to join {store} ({brand}) is waiting for approval. Come back to this page to see when you are in.',
  'join.activeTitle': 'You are in',
  'join.active': '{store} ({brand}) approved you.',
  'join.enter': 'Start',
  'join.rejectedTitle': 'Request refused',
  'join.rejected': '{store} ({brand}) did not approve your request. Ask your manager if you think this is a mistake.',
  'join.inactiveTitle': 'Your account is not active',
  'join.inactive': 'Your account at {brand} was deactivated. Ask your manager to reactivate it.',
  'join.refresh': 'Check again',
  'manager.enterFor': 'Entering for',
  'manager.myself': 'Myself',
  'manager.recordedFor': 'Recorded for {name}.',
} as const;

export type TJoinMessageKey = keyof typeof en;

const es: Record<TJoinMessageKey, string> = {
  'join.title': 'Únete a tu tienda en Rally',
  'join.lead': 'Regístrate con tu email para participar en las campañas de tu tienda.',
  'join.name': 'Tu nombre',
  'join.email': 'Email',
  'join.sendCode': 'Enviarme un código',
  'join.codeSent':
    'Enviamos un código de seis dígitos a {email}, si este enlace sigue siendo válido. Es válido durante {minutes} minutos.',
  'join.code': 'Código de seis dígitos',
  'join.submit': 'Unirme',
  'join.pendingTitle': 'Esperando aprobación',
  'join.pending':
    '¡Gracias, {name}! Tu solicitud para unirte a {store} ({brand}) espera aprobación. Vuelve a esta página para ver cuándo entras.',
  'join.activeTitle': 'Ya estás dentro',
  'join.active': '{store} ({brand}) te aprobó.',
  'join.enter': 'Empezar',
  'join.rejectedTitle': 'Solicitud rechazada',
  'join.rejected': '{store} ({brand}) no aprobó tu solicitud. Pregunta a tu responsable si crees que es un error.',
  'join.inactiveTitle': 'Tu cuenta no está activa',
  'join.inactive': 'Tu cuenta en {brand} fue desactivada. Pide a tu responsable que la reactive.',
  'join.refresh': 'Comprobar de nuevo',
  'manager.enterFor': 'Registrando para',
  'manager.myself': 'Mí',
  'manager.recordedFor': 'Registrado para {name}.',
};

const fr: Record<TJoinMessageKey, string> = {
  'join.title': 'Rejoignez votre magasin sur Rally',
  'join.lead': 'Inscrivez-vous avec votre e-mail pour participer aux campagnes de votre magasin.',
  'join.name': 'Votre nom',
  'join.email': 'E-mail',
  'join.sendCode': 'M’envoyer un code',
  'join.codeSent':
    'Nous avons envoyé un code à six chiffres à {email}, si ce lien est encore valide. Il est valable {minutes} minutes.',
  'join.code': 'Code à six chiffres',
  'join.submit': 'Rejoindre',
  'join.pendingTitle': 'En attente de validation',
  'join.pending':
    'Merci, {name} ! Votre demande pour rejoindre {store} ({brand}) attend une validation. Revenez sur cette page pour savoir quand vous êtes accepté.',
  'join.activeTitle': 'C’est fait',
  'join.active': '{store} ({brand}) vous a accepté.',
  'join.enter': 'Commencer',
  'join.rejectedTitle': 'Demande refusée',
  'join.rejected': '{store} ({brand}) n’a pas accepté votre demande. Demandez à votre responsable si c’est une erreur.',
  'join.inactiveTitle': 'Votre compte n’est pas actif',
  'join.inactive': 'Votre compte chez {brand} a été désactivé. Demandez à votre responsable de le réactiver.',
  'join.refresh': 'Vérifier à nouveau',
  'manager.enterFor': 'Saisie pour',
  'manager.myself': 'Moi',
  'manager.recordedFor': 'Enregistré pour {name}.',
};

export const JOIN_MESSAGES: Record<TLanguage, Record<TJoinMessageKey, string>> = { en, es, fr } as Record<
  TLanguage,
  Record<TJoinMessageKey, string>
>;

export function useJoinT(): (key: TJoinMessageKey, vars?: Record<string, string | number>) => string {
  const { lang } = usePlayI18n();
  const table = JOIN_MESSAGES[lang] ?? en;
  return (key, vars) =>
    (table[key] ?? en[key]).replace(/\{(\w+)\}/g, (all, name: string) =>
      vars && name in vars ? String(vars[name]) : all,
    );
}
