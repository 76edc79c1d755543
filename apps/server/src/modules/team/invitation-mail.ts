import type { TMemberRole } from '@rally/domain';
import { renderEmail, type MailLanguage } from '../../lib/email-template.js';
import type { Mailer } from '../../lib/mailer.js';

const ROLE_NAMES: Record<MailLanguage, Record<TMemberRole, string>> = {
  en: { owner: 'owner', admin: 'admin', campaign_manager: 'campaign manager', analyst: 'analyst', finance: 'finance' },
  fr: {
    owner: 'propriétaire',
    admin: 'administrateur',
    campaign_manager: 'responsable de campagnes',
    analyst: 'analyste',
    finance: 'finance',
  },
  es: {
    owner: 'propietario',
    admin: 'administrador',
    campaign_manager: 'gestor de campañas',
    analyst: 'analista',
    finance: 'finanzas',
  },
};

const WORDS: Record<
  MailLanguage,
  (v: { inviter: string; brand: string; role: string; days: number }) => {
    subject: string;
    paragraphs: string[];
    action: string;
    footer: string;
  }
> = {
  en: (v) => ({
    subject: `${v.inviter} invited you to ${v.brand} on Rally`,
    paragraphs: [
      `${v.inviter} invited you to join ${v.brand} on Rally as ${v.role}.`,
      `The link works for ${v.days} days and only once.`,
    ],
    action: 'Accept the invitation',
    footer: 'If you did not expect this invitation, ignore this mail: nothing happens without the link.',
  }),
  fr: (v) => ({
    subject: `${v.inviter} vous invite à rejoindre ${v.brand} sur Rally`,
    paragraphs: [
      `${v.inviter} vous invite à rejoindre ${v.brand} sur Rally en tant que ${v.role}.`,
      `Le lien fonctionne ${v.days} jours, une seule fois.`,
    ],
    action: "Accepter l'invitation",
    footer: "Si vous n'attendiez pas cette invitation, ignorez ce message : rien ne se passe sans le lien.",
  }),
  es: (v) => ({
    subject: `${v.inviter} te invitó a ${v.brand} en Rally`,
    paragraphs: [
      `${v.inviter} te invitó a unirte a ${v.brand} en Rally como ${v.role}.`,
      `El enlace funciona ${v.days} días y una sola vez.`,
    ],
    action: 'Aceptar la invitación',
    footer: 'Si no esperabas esta invitación, ignora este correo: nada ocurre sin el enlace.',
  }),
};

export interface InvitationMail {
  to: string;
  lang: MailLanguage;
  inviterName: string;
  brandName: string;
  role: TMemberRole;
  /** The accept page's full address, token included. */
  url: string;
  days: number;
}

/** The invitation mail: who invites, to which brand, in which role, and the link (which expires and works once). */
export async function sendInvitationMail(mailer: Mailer, mail: InvitationMail): Promise<void> {
  const words = WORDS[mail.lang]({
    inviter: mail.inviterName,
    brand: mail.brandName,
    role: ROLE_NAMES[mail.lang][mail.role],
    days: mail.days,
  });
  const body = await renderEmail({
    lang: mail.lang,
    title: words.subject,
    preheader: words.paragraphs[0],
    paragraphs: words.paragraphs,
    action: { label: words.action, url: mail.url },
    footer: words.footer,
  });
  await mailer.send({ to: mail.to, subject: words.subject, text: body.text, html: body.html });
}
