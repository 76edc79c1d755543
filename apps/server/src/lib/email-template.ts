import mjml2html from 'mjml';

/** The languages mail is written in (the dashboard's); a user's stored locale picks one, English otherwise. */
export type MailLanguage = 'en' | 'es' | 'fr';
export function mailLanguage(locale: string | null | undefined): MailLanguage {
  const base = (locale ?? 'en').slice(0, 2).toLowerCase();
  return base === 'es' || base === 'fr' ? base : 'en';
}

export interface EmailContent {
  /** BCP 47 language of the recipient (the html lang attribute); the caller translates the strings. */
  lang: string;
  title: string;
  /** The line mail clients show next to the subject. */
  preheader?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the body, e.g. why the recipient gets this mail or an unsubscribe link's text. */
  footer?: string;
  /** A link shown in the footer (unsubscribe). */
  footerLink?: { label: string; url: string };
}

export interface RenderedEmail {
  html: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Every mail Rally sends has this one layout, written in MJML (responsive HTML that mail clients render alike)
 * and a plain-text part with the same words. Text from users (campaign names, reasons) is escaped here.
 */
export async function renderEmail(content: EmailContent): Promise<RenderedEmail> {
  const paragraphs = content.paragraphs
    .map((p) => `<mj-text font-size="15px" line-height="22px" color="#1f2933">${escapeHtml(p)}</mj-text>`)
    .join('\n');
  const action = content.action
    ? `<mj-button href="${escapeHtml(content.action.url)}" background-color="#1c7ed6" font-size="15px" align="left">${escapeHtml(content.action.label)}</mj-button>`
    : '';
  const footerLink = content.footerLink
    ? ` <a href="${escapeHtml(content.footerLink.url)}" style="color:#868e96">${escapeHtml(content.footerLink.label)}</a>`
    : '';
  const footer =
    content.footer || content.footerLink
      ? `<mj-text font-size="12px" color="#868e96">${escapeHtml(content.footer ?? '')}${footerLink}</mj-text>`
      : '';
  const source = `<mjml lang="${escapeHtml(content.lang)}">
  <mj-head>
    <mj-title>${escapeHtml(content.title)}</mj-title>
    ${content.preheader ? `<mj-preview>${escapeHtml(content.preheader)}</mj-preview>` : ''}
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f1f3f5">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="13px" font-weight="700" color="#1c7ed6" letter-spacing="1px">RALLY</mj-text>
        <mj-text font-size="20px" font-weight="700" color="#1f2933">${escapeHtml(content.title)}</mj-text>
        ${paragraphs}
        ${action}
        ${footer}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict', keepComments: false });
  if (errors.length > 0) throw new Error(`email template invalid: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  const text = [
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footer || content.footerLink
      ? [
          [content.footer, content.footerLink && `${content.footerLink.label}: ${content.footerLink.url}`]
            .filter(Boolean)
            .join(' '),
        ]
      : []),
  ]
    .join('\n')
    .trimEnd();
  return { html, text };
}
