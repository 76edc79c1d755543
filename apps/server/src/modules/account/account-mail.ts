import type { FastifyBaseLogger } from 'fastify';
import { mailLanguage, renderEmail, type MailLanguage } from '../../lib/email-template.js';
import type { Mailer } from '../../lib/mailer.js';

/** The mails of the account doors, each with what it needs to say. */
export type AccountMail =
  | { kind: 'verify-email'; name: string; url: string }
  /** Someone signed up with an address that has an account: its owner hears of it, nobody else learns it. */
  | { kind: 'sign-up-existing'; signInUrl: string; resetUrl: string }
  | { kind: 'reset-password'; url: string }
  | { kind: 'password-changed'; resetUrl: string }
  | { kind: 'change-email-confirm'; url: string; newEmail: string }
  /** An email change to an address that has an account: its owner hears of it; the requester learns nothing. */
  | { kind: 'change-email-taken' }
  | { kind: 'change-email-requested'; newEmail: string; accountUrl: string }
  | { kind: 'email-changed'; newEmail: string };

interface Words {
  subject: string;
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}

type Writer = { [K in AccountMail['kind']]: (mail: Extract<AccountMail, { kind: K }>) => Words };

const WORDS: Record<MailLanguage, Writer> = {
  en: {
    'verify-email': (m) => ({
      subject: 'Confirm your email address for Rally',
      title: `Welcome to Rally, ${m.name}`,
      paragraphs: ['Confirm that this address is yours to finish creating your account. The link works once, for 24 hours.'],
      action: { label: 'Confirm my address', url: m.url },
      footer: 'You get this mail because this address was used to sign up to Rally. If it was not you, ignore it: no account opens without this link.',
    }),
    'sign-up-existing': (m) => ({
      subject: 'Someone tried to sign up to Rally with your address',
      title: 'You already have a Rally account',
      paragraphs: [
        'Someone just tried to create a Rally account with this address. Your account already exists, so nothing was changed.',
        'If it was you, sign in. If you forgot your password, reset it.',
      ],
      action: { label: 'Reset my password', url: m.resetUrl },
      footer: `If it was not you, you can ignore this mail. Sign in: ${m.signInUrl}`,
    }),
    'reset-password': (m) => ({
      subject: 'Reset your Rally password',
      title: 'Reset your password',
      paragraphs: ['Choose a new password for your Rally account. The link works once, for one hour. Setting a new password signs you out everywhere.'],
      action: { label: 'Choose a new password', url: m.url },
      footer: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    }),
    'password-changed': (m) => ({
      subject: 'Your Rally password was changed',
      title: 'Your password was changed',
      paragraphs: ['The password of your Rally account was just changed, and your other sessions were signed out.', 'If it was not you, reset your password now.'],
      action: { label: 'Reset my password', url: m.resetUrl },
    }),
    'change-email-confirm': (m) => ({
      subject: 'Confirm your new email address for Rally',
      title: 'Confirm your new address',
      paragraphs: [`Your Rally account will use ${m.newEmail} once you confirm it. The link works once, for 24 hours.`],
      action: { label: 'Use this address', url: m.url },
      footer: 'If you did not ask for this, ignore this mail: nothing changes without this link.',
    }),
    'change-email-taken': () => ({
      subject: 'A Rally account asked to move to your address',
      title: 'Your address already has a Rally account',
      paragraphs: ['Someone asked to move another Rally account to this address. This address already has an account, so nothing was changed.'],
      footer: 'No action is needed.',
    }),
    'change-email-requested': (m) => ({
      subject: 'Your Rally email address is about to change',
      title: 'A change of address was requested',
      paragraphs: [
        `Someone signed in to your Rally account asked to use ${m.newEmail} instead of this address. It changes only if the link mailed there is followed.`,
        'If it was not you, change your password and sign out your other sessions from your account page.',
      ],
      action: { label: 'Open my account', url: m.accountUrl },
    }),
    'email-changed': (m) => ({
      subject: 'Your Rally email address was changed',
      title: 'Your address was changed',
      paragraphs: [`Your Rally account now uses ${m.newEmail}. This address no longer signs in.`, 'If it was not you, contact your brand owner or Rally support at once.'],
    }),
  },
  fr: {
    'verify-email': (m) => ({
      subject: 'Confirmez votre adresse e-mail pour Rally',
      title: `Bienvenue sur Rally, ${m.name}`,
      paragraphs: ['Confirmez que cette adresse est la vôtre pour terminer la création de votre compte. Le lien fonctionne une fois, pendant 24 heures.'],
      action: { label: 'Confirmer mon adresse', url: m.url },
      footer: "Vous recevez cet e-mail car cette adresse a servi à s'inscrire sur Rally. Si ce n'était pas vous, ignorez-le : aucun compte ne s'ouvre sans ce lien.",
    }),
    'sign-up-existing': (m) => ({
      subject: "Quelqu'un a tenté de s'inscrire sur Rally avec votre adresse",
      title: 'Vous avez déjà un compte Rally',
      paragraphs: [
        "Quelqu'un vient de tenter de créer un compte Rally avec cette adresse. Votre compte existe déjà : rien n'a été modifié.",
        "Si c'était vous, connectez-vous. Si vous avez oublié votre mot de passe, réinitialisez-le.",
      ],
      action: { label: 'Réinitialiser mon mot de passe', url: m.resetUrl },
      footer: `Si ce n'était pas vous, ignorez cet e-mail. Se connecter : ${m.signInUrl}`,
    }),
    'reset-password': (m) => ({
      subject: 'Réinitialisez votre mot de passe Rally',
      title: 'Réinitialiser votre mot de passe',
      paragraphs: ['Choisissez un nouveau mot de passe pour votre compte Rally. Le lien fonctionne une fois, pendant une heure. Un nouveau mot de passe vous déconnecte partout.'],
      action: { label: 'Choisir un nouveau mot de passe', url: m.url },
      footer: "Si vous ne l'avez pas demandé, ignorez cet e-mail : votre mot de passe reste inchangé.",
    }),
    'password-changed': (m) => ({
      subject: 'Votre mot de passe Rally a été modifié',
      title: 'Votre mot de passe a été modifié',
      paragraphs: ['Le mot de passe de votre compte Rally vient d’être modifié et vos autres sessions ont été déconnectées.', "Si ce n'était pas vous, réinitialisez votre mot de passe maintenant."],
      action: { label: 'Réinitialiser mon mot de passe', url: m.resetUrl },
    }),
    'change-email-confirm': (m) => ({
      subject: 'Confirmez votre nouvelle adresse e-mail pour Rally',
      title: 'Confirmez votre nouvelle adresse',
      paragraphs: [`Votre compte Rally utilisera ${m.newEmail} dès que vous l'aurez confirmée. Le lien fonctionne une fois, pendant 24 heures.`],
      action: { label: 'Utiliser cette adresse', url: m.url },
      footer: "Si vous ne l'avez pas demandé, ignorez cet e-mail : rien ne change sans ce lien.",
    }),
    'change-email-taken': () => ({
      subject: 'Un compte Rally a demandé à utiliser votre adresse',
      title: 'Votre adresse a déjà un compte Rally',
      paragraphs: ["Quelqu'un a demandé à déplacer un autre compte Rally vers cette adresse. Elle a déjà un compte : rien n'a été modifié."],
      footer: "Aucune action n'est nécessaire.",
    }),
    'change-email-requested': (m) => ({
      subject: 'Votre adresse e-mail Rally va changer',
      title: "Un changement d'adresse a été demandé",
      paragraphs: [
        `Une personne connectée à votre compte Rally a demandé à utiliser ${m.newEmail} à la place de cette adresse. Le changement n'a lieu que si le lien envoyé là-bas est suivi.`,
        "Si ce n'était pas vous, changez votre mot de passe et déconnectez vos autres sessions depuis la page de votre compte.",
      ],
      action: { label: 'Ouvrir mon compte', url: m.accountUrl },
    }),
    'email-changed': (m) => ({
      subject: 'Votre adresse e-mail Rally a été modifiée',
      title: 'Votre adresse a été modifiée',
      paragraphs: [`Votre compte Rally utilise désormais ${m.newEmail}. Cette adresse ne permet plus de se connecter.`, "Si ce n'était pas vous, contactez tout de suite le propriétaire de votre marque ou le support Rally."],
    }),
  },
  es: {
    'verify-email': (m) => ({
      subject: 'Confirma tu dirección de correo para Rally',
      title: `Te damos la bienvenida a Rally, ${m.name}`,
      paragraphs: ['Confirma que esta dirección es tuya para terminar de crear tu cuenta. El enlace funciona una vez, durante 24 horas.'],
      action: { label: 'Confirmar mi dirección', url: m.url },
      footer: 'Recibes este correo porque esta dirección se usó para registrarse en Rally. Si no fuiste tú, ignóralo: ninguna cuenta se abre sin este enlace.',
    }),
    'sign-up-existing': (m) => ({
      subject: 'Alguien intentó registrarse en Rally con tu dirección',
      title: 'Ya tienes una cuenta de Rally',
      paragraphs: [
        'Alguien acaba de intentar crear una cuenta de Rally con esta dirección. Tu cuenta ya existe, así que no se cambió nada.',
        'Si fuiste tú, inicia sesión. Si olvidaste tu contraseña, restablécela.',
      ],
      action: { label: 'Restablecer mi contraseña', url: m.resetUrl },
      footer: `Si no fuiste tú, puedes ignorar este correo. Iniciar sesión: ${m.signInUrl}`,
    }),
    'reset-password': (m) => ({
      subject: 'Restablece tu contraseña de Rally',
      title: 'Restablecer tu contraseña',
      paragraphs: ['Elige una contraseña nueva para tu cuenta de Rally. El enlace funciona una vez, durante una hora. Una contraseña nueva cierra tu sesión en todas partes.'],
      action: { label: 'Elegir una contraseña nueva', url: m.url },
      footer: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
    }),
    'password-changed': (m) => ({
      subject: 'Se cambió tu contraseña de Rally',
      title: 'Se cambió tu contraseña',
      paragraphs: ['La contraseña de tu cuenta de Rally acaba de cambiar y se cerraron tus otras sesiones.', 'Si no fuiste tú, restablece tu contraseña ahora.'],
      action: { label: 'Restablecer mi contraseña', url: m.resetUrl },
    }),
    'change-email-confirm': (m) => ({
      subject: 'Confirma tu nueva dirección de correo para Rally',
      title: 'Confirma tu nueva dirección',
      paragraphs: [`Tu cuenta de Rally usará ${m.newEmail} cuando la confirmes. El enlace funciona una vez, durante 24 horas.`],
      action: { label: 'Usar esta dirección', url: m.url },
      footer: 'Si no lo pediste, ignora este correo: nada cambia sin este enlace.',
    }),
    'change-email-taken': () => ({
      subject: 'Una cuenta de Rally pidió usar tu dirección',
      title: 'Tu dirección ya tiene una cuenta de Rally',
      paragraphs: ['Alguien pidió mover otra cuenta de Rally a esta dirección. Esta dirección ya tiene una cuenta, así que no se cambió nada.'],
      footer: 'No tienes que hacer nada.',
    }),
    'change-email-requested': (m) => ({
      subject: 'Tu dirección de correo de Rally va a cambiar',
      title: 'Se pidió un cambio de dirección',
      paragraphs: [
        `Alguien con sesión en tu cuenta de Rally pidió usar ${m.newEmail} en lugar de esta dirección. Solo cambia si se sigue el enlace enviado allí.`,
        'Si no fuiste tú, cambia tu contraseña y cierra tus otras sesiones desde la página de tu cuenta.',
      ],
      action: { label: 'Abrir mi cuenta', url: m.accountUrl },
    }),
    'email-changed': (m) => ({
      subject: 'Se cambió tu dirección de correo de Rally',
      title: 'Se cambió tu dirección',
      paragraphs: [`Tu cuenta de Rally ahora usa ${m.newEmail}. Esta dirección ya no inicia sesión.`, 'Si no fuiste tú, contacta de inmediato con el propietario de tu marca o con el soporte de Rally.'],
    }),
  },
};

/** The words of one mail in a language (exported for tests that read what was sent). */
export function accountMailWords(mail: AccountMail, language: MailLanguage): Words {
  const write = WORDS[language][mail.kind] as (m: AccountMail) => Words;
  return write(mail);
}

/** The web app's pages the mails link to. Tokens travel in the fragment: never sent to a server, nor in a Referer. */
export function accountLinks(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    verifyEmail: (token: string) => `${base}/verify-email#token=${token}`,
    resetPassword: (token: string) => `${base}/reset-password#token=${token}`,
    confirmEmail: (token: string) => `${base}/confirm-email#token=${token}`,
    forgotPassword: `${base}/forgot-password`,
    signIn: `${base}/sign-in`,
    account: `${base}/account`,
  };
}
export type AccountLinks = ReturnType<typeof accountLinks>;

export interface AccountMailer {
  /**
   * Renders and sends after the caller's answer, not before: a door answers in the same time whichever mail (or
   * none) it sends, and a slow mail server does not hold the request. A failure is logged.
   */
  send(to: string, locale: string | null | undefined, mail: AccountMail): void;
  /** Resolves when every mail handed to send() has gone (or failed): at shutdown, and in tests. */
  idle(): Promise<void>;
}

export function createAccountMailer(mailer: Mailer, log: FastifyBaseLogger): AccountMailer {
  const pending = new Set<Promise<void>>();
  return {
    send(to, locale, mail) {
      const language = mailLanguage(locale);
      const words = accountMailWords(mail, language);
      const delivery = (async () => {
        // After the answer is written: rendering is CPU work that would otherwise run in the request.
        await new Promise((resolve) => setImmediate(resolve));
        const body = await renderEmail({ lang: language, title: words.title, preheader: words.paragraphs[0], paragraphs: words.paragraphs, action: words.action, footer: words.footer });
        await mailer.send({ to, subject: words.subject, ...body });
      })()
        .catch((error: unknown) => log.error({ err: error, mail: mail.kind }, 'account mail not sent'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
