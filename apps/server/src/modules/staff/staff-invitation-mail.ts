import type { TLanguageCode } from '@rally/domain';
import { renderEmail } from '../../lib/email-template.js';
import type { Mailer } from '../../lib/mailer.js';

const WORDS: Record<
  TLanguageCode,
  (v: { inviter: string; brand: string; store: string; name: string }) => { subject: string; paragraphs: string[]; action: string; footer: string }
> = {
  en: (v) => ({
    subject: `${v.brand} invited you to its staff campaigns on Rally`,
    paragraphs: [
      `Hello ${v.name},`,
      `${v.inviter} added you to the staff of ${v.store} for ${v.brand}'s campaigns on Rally: missions to complete and rewards to win.`,
      'Open Rally and sign in with this address: we mail you a one-time code, no password needed.',
    ],
    action: 'Open Rally',
    footer: 'You get this mail because a store you work at added you. If this is a mistake, ignore it.',
  }),
  fr: (v) => ({
    subject: `${v.brand} vous invite à ses campagnes pour le personnel sur Rally`,
    paragraphs: [
      `Bonjour ${v.name},`,
      `${v.inviter} vous a ajouté au personnel de ${v.store} pour les campagnes de ${v.brand} sur Rally : des missions à accomplir et des récompenses à gagner.`,
      'Ouvrez Rally et connectez-vous avec cette adresse : nous vous envoyons un code à usage unique, sans mot de passe.',
    ],
    action: 'Ouvrir Rally',
    footer: 'Vous recevez ce message car un magasin où vous travaillez vous a ajouté. Si c’est une erreur, ignorez-le.',
  }),
  es: (v) => ({
    subject: `${v.brand} te invitó a sus campañas para el personal en Rally`,
    paragraphs: [
      `Hola ${v.name}:`,
      `${v.inviter} te añadió al personal de ${v.store} para las campañas de ${v.brand} en Rally: misiones que completar y recompensas que ganar.`,
      'Abre Rally e inicia sesión con esta dirección: te enviamos un código de un solo uso, sin contraseña.',
    ],
    action: 'Abrir Rally',
    footer: 'Recibes este correo porque una tienda donde trabajas te añadió. Si es un error, ignóralo.',
  }),
};

export interface StaffInvitationMail {
  to: string;
  lang: TLanguageCode;
  name: string;
  inviterName: string;
  brandName: string;
  storeName: string;
  publicUrl: string;
}

/** The /play link of an invitation: the person's language and address filled in, so signing in is one step. */
export function playLink(publicUrl: string, lang: TLanguageCode, email: string): string {
  const url = new URL('/play', publicUrl);
  url.searchParams.set('lang', lang);
  url.searchParams.set('email', email);
  return url.toString();
}

/** The invitation to a store employee, in their language, with the link to /play. */
export async function sendStaffInvitationMail(mailer: Mailer, mail: StaffInvitationMail): Promise<void> {
  const words = WORDS[mail.lang]({ inviter: mail.inviterName, brand: mail.brandName, store: mail.storeName, name: mail.name });
  const body = await renderEmail({
    lang: mail.lang,
    title: words.subject,
    preheader: words.paragraphs[1],
    paragraphs: words.paragraphs,
    action: { label: words.action, url: playLink(mail.publicUrl, mail.lang, mail.to) },
    footer: words.footer,
  });
  await mailer.send({ to: mail.to, subject: words.subject, text: body.text, html: body.html });
}
