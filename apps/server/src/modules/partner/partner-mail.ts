import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../lib/mailer.js';
import { mailLanguage, renderEmail, type MailLanguage } from '../../lib/email-template.js';

export type PartnerMailKind = 'invite' | 'accepted' | 'rejected';

interface Vars {
  campaign: string;
  owner: string;
  partner: string;
  /** A rejection's reason, when the partner gave one. */
  reason?: string;
}

// The three partner mails in the dashboard's languages; the recipient's own language is used.
const STRINGS: Record<MailLanguage, Record<PartnerMailKind, { subject: (v: Vars) => string; body: (v: Vars) => string[]; action: string }>> = {
  en: {
    invite: {
      subject: (v) => `${v.owner} invites ${v.partner} to "${v.campaign}"`,
      body: (v) => [
        `${v.owner} invites ${v.partner} to take part in the shared contest "${v.campaign}".`,
        'Open it to see its missions and the rewards assigned to you, fill them in, then accept or reject the invite.',
      ],
      action: 'Open the invitation',
    },
    accepted: {
      subject: (v) => `${v.partner} accepted "${v.campaign}"`,
      body: (v) => [`${v.partner} accepted your invite to "${v.campaign}" and filled the rewards assigned to it.`, 'Once every partner reward is filled you can launch the campaign.'],
      action: 'Open the campaign',
    },
    rejected: {
      subject: (v) => `${v.partner} rejected "${v.campaign}"`,
      body: (v) => [`${v.partner} rejected your invite to "${v.campaign}".`, ...(v.reason ? [`Their reason: “${v.reason}”`] : []), 'You can change the partners of the campaign and invite another brand.'],
      action: 'Open the campaign',
    },
  },
  es: {
    invite: {
      subject: (v) => `${v.owner} invita a ${v.partner} a «${v.campaign}»`,
      body: (v) => [
        `${v.owner} invita a ${v.partner} a participar en el concurso compartido «${v.campaign}».`,
        'Ábrelo para ver sus misiones y las recompensas que te corresponden, complétalas y luego acepta o rechaza la invitación.',
      ],
      action: 'Abrir la invitación',
    },
    accepted: {
      subject: (v) => `${v.partner} aceptó «${v.campaign}»`,
      body: (v) => [`${v.partner} aceptó tu invitación a «${v.campaign}» y completó las recompensas que le corresponden.`, 'Cuando todas las recompensas de socios estén completas podrás lanzar la campaña.'],
      action: 'Abrir la campaña',
    },
    rejected: {
      subject: (v) => `${v.partner} rechazó «${v.campaign}»`,
      body: (v) => [`${v.partner} rechazó tu invitación a «${v.campaign}».`, ...(v.reason ? [`Su motivo: «${v.reason}»`] : []), 'Puedes cambiar los socios de la campaña e invitar a otra marca.'],
      action: 'Abrir la campaña',
    },
  },
  fr: {
    invite: {
      subject: (v) => `${v.owner} invite ${v.partner} à « ${v.campaign} »`,
      body: (v) => [
        `${v.owner} invite ${v.partner} à participer au concours partagé « ${v.campaign} ».`,
        'Ouvrez-le pour voir ses missions et les récompenses qui vous sont confiées, remplissez-les, puis acceptez ou refusez l’invitation.',
      ],
      action: 'Ouvrir l’invitation',
    },
    accepted: {
      subject: (v) => `${v.partner} a accepté « ${v.campaign} »`,
      body: (v) => [`${v.partner} a accepté votre invitation à « ${v.campaign} » et a rempli les récompenses qui lui sont confiées.`, 'Quand toutes les récompenses des partenaires sont remplies, vous pouvez lancer la campagne.'],
      action: 'Ouvrir la campagne',
    },
    rejected: {
      subject: (v) => `${v.partner} a refusé « ${v.campaign} »`,
      body: (v) => [`${v.partner} a refusé votre invitation à « ${v.campaign} ».`, ...(v.reason ? [`Sa raison : « ${v.reason} »`] : []), 'Vous pouvez changer les partenaires de la campagne et inviter une autre marque.'],
      action: 'Ouvrir la campagne',
    },
  },
};

export interface PartnerMailInput {
  kind: PartnerMailKind;
  recipients: { email: string; locale: string | null }[];
  vars: Vars;
  /** Absolute link the button opens. */
  url: string;
}

/**
 * Sends one partner mail per recipient, each in the recipient's language (HTML and text parts).
 * A mail that fails is logged and counted out, never undoes the answer it reports.
 */
export async function sendPartnerMail(mailer: Mailer, log: FastifyBaseLogger, input: PartnerMailInput): Promise<number> {
  let sent = 0;
  for (const r of input.recipients) {
    const lang = mailLanguage(r.locale);
    const s = STRINGS[lang][input.kind];
    try {
      const rendered = await renderEmail({
        lang,
        title: s.subject(input.vars),
        preheader: s.body(input.vars)[0],
        paragraphs: s.body(input.vars),
        action: { label: s.action, url: input.url },
      });
      await mailer.send({ to: r.email, subject: s.subject(input.vars), text: rendered.text, html: rendered.html });
      sent += 1;
    } catch (error) {
      log.error({ err: error, kind: input.kind }, 'partner mail not sent');
    }
  }
  return sent;
}
