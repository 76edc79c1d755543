import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../lib/mailer.js';
import { mailLanguage, renderEmail, type MailLanguage } from '../../lib/email-template.js';

interface Strings {
  subject: (retailer: string) => string;
  /** To an owner or admin of an existing brand: the invitation waits in the app. */
  member: (retailer: string, days: number) => string[];
  /** To an email with no brand: sign up, create the brand, then accept. */
  newcomer: (retailer: string, days: number) => string[];
  memberAction: string;
  newcomerAction: string;
}

const STRINGS: Record<MailLanguage, Strings> = {
  en: {
    subject: (r) => `${r} invites your brand to its partner pool on Rally`,
    member: (r, d) => [`${r} invites your brand to its partner pool: as a partner you can take part in its shared contests.`, `Accept or decline in Rally, under Partners. The invitation is open for ${d} days.`],
    newcomer: (r, d) => [`${r} invites your brand to its partner pool on Rally: as a partner you can take part in its shared contests.`, `Create your account and your brand, then accept the invitation. It is open for ${d} days.`],
    memberAction: 'Open the invitation',
    newcomerAction: 'Sign up and accept',
  },
  es: {
    subject: (r) => `${r} invita a tu marca a su grupo de socios en Rally`,
    member: (r, d) => [`${r} invita a tu marca a su grupo de socios: como socio puedes participar en sus concursos compartidos.`, `Acepta o rechaza en Rally, en Socios. La invitación está abierta durante ${d} días.`],
    newcomer: (r, d) => [`${r} invita a tu marca a su grupo de socios en Rally: como socio puedes participar en sus concursos compartidos.`, `Crea tu cuenta y tu marca y luego acepta la invitación. Está abierta durante ${d} días.`],
    memberAction: 'Abrir la invitación',
    newcomerAction: 'Registrarse y aceptar',
  },
  fr: {
    subject: (r) => `${r} invite votre marque dans son réseau de partenaires sur Rally`,
    member: (r, d) => [`${r} invite votre marque dans son réseau de partenaires : en tant que partenaire, vous pouvez participer à ses concours partagés.`, `Acceptez ou refusez dans Rally, rubrique Partenaires. L’invitation reste ouverte ${d} jours.`],
    newcomer: (r, d) => [`${r} invite votre marque dans son réseau de partenaires sur Rally : en tant que partenaire, vous pouvez participer à ses concours partagés.`, `Créez votre compte et votre marque, puis acceptez l’invitation. Elle reste ouverte ${d} jours.`],
    memberAction: 'Ouvrir l’invitation',
    newcomerAction: 'S’inscrire et accepter',
  },
};

export interface PartnerPoolMail {
  to: string;
  locale: string | null;
  retailerName: string;
  /** Whether the email belongs to an owner or admin of a brand (the mail differs; the retailer never learns it). */
  member: boolean;
  url: string;
  days: number;
}

/** Sends the partner pool invitation; a mail that fails is logged, the invitation stays (re-invite sends another). */
export async function sendPartnerPoolMail(mailer: Mailer, log: FastifyBaseLogger, mail: PartnerPoolMail): Promise<boolean> {
  const lang = mailLanguage(mail.locale);
  const s = STRINGS[lang];
  const paragraphs = mail.member ? s.member(mail.retailerName, mail.days) : s.newcomer(mail.retailerName, mail.days);
  try {
    const rendered = await renderEmail({
      lang,
      title: s.subject(mail.retailerName),
      preheader: paragraphs[0],
      paragraphs,
      action: { label: mail.member ? s.memberAction : s.newcomerAction, url: mail.url },
    });
    await mailer.send({ to: mail.to, subject: s.subject(mail.retailerName), text: rendered.text, html: rendered.html });
    return true;
  } catch (error) {
    log.error({ err: error }, 'partner pool invitation mail not sent');
    return false;
  }
}
