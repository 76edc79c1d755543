import { renderEmail, mailLanguage, type MailLanguage } from '../../lib/email-template.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { findEndpoint, ownerContacts } from './webhooks.repository.js';

const WORDS: Record<MailLanguage, { subject: string; title: string; body: (url: string, n: number) => string; next: string; action: string }> = {
  en: {
    subject: 'A webhook endpoint was turned off',
    title: 'Webhook endpoint turned off',
    body: (url, n) => `Rally could not deliver to ${url} ${n} times in a row, so it stopped sending to it.`,
    next: 'Its events are kept. Fix the receiver, then turn the endpoint on again in Settings → Webhooks: waiting events go out, and you can replay any of them.',
    action: 'Open webhooks',
  },
  es: {
    subject: 'Se desactivó un endpoint de webhook',
    title: 'Endpoint de webhook desactivado',
    body: (url, n) => `Rally no pudo entregar a ${url} ${n} veces seguidas, así que dejó de enviarle.`,
    next: 'Sus eventos se conservan. Corrija el receptor y vuelva a activar el endpoint en Ajustes → Webhooks: los eventos en espera se enviarán y puede reenviar cualquiera.',
    action: 'Abrir webhooks',
  },
  fr: {
    subject: 'Un point de terminaison webhook a été désactivé',
    title: 'Webhook désactivé',
    body: (url, n) => `Rally n’a pas pu livrer à ${url} ${n} fois de suite et a cessé de lui envoyer.`,
    next: 'Ses événements sont conservés. Réparez le récepteur puis réactivez-le dans Paramètres → Webhooks : les événements en attente partiront, et vous pouvez en renvoyer un.',
    action: 'Ouvrir les webhooks',
  },
};

/** Tells the brand's owners that the dispatcher turned an endpoint off after repeated failures (one mail per owner). */
export async function mailEndpointDisabled(o: { db: Db; mailer: Mailer; publicUrl: string; endpointId: number }): Promise<void> {
  const endpoint = await findEndpoint(o.db, o.endpointId);
  if (!endpoint || endpoint.enabled || endpoint.disabledReason !== 'failures') return;
  for (const owner of await ownerContacts(o.db, endpoint.brandId)) {
    const lang = mailLanguage(owner.locale);
    const w = WORDS[lang];
    const mail = await renderEmail({
      lang,
      title: w.title,
      preheader: w.body(endpoint.url, endpoint.consecutiveFailures),
      paragraphs: [w.body(endpoint.url, endpoint.consecutiveFailures), w.next],
      action: { label: w.action, url: `${o.publicUrl}/settings/webhooks` },
    });
    await o.mailer.send({ to: owner.email, subject: w.subject, text: mail.text, html: mail.html });
  }
}
