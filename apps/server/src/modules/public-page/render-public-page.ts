import { fill, PUBLIC_MESSAGES, type PublicLanguage, type PublicMessages } from './public-page-messages.js';
import type { PublicCampaign, PublicReward } from './get-public-campaign.js';

/**
 * The public campaign page is HTML written here, not the dashboard's app: it paints from the first response
 * (LCP ≤ 1.5 s) and only the take-part form loads a small script (apps/web/src/public-page, ≤ 60 kB gzip).
 * Everything from a brand (names, descriptions) goes through esc().
 */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside a <script type="application/json">: no "</script>" or "<!--" can close it. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));

export interface PageShell {
  lang: PublicLanguage;
  title: string;
  description: string;
  canonicalUrl?: string;
  embed: boolean;
  scriptUrl?: string | null;
  noIndex?: boolean;
}

const LOCALES: Record<PublicLanguage, string> = { en: 'en_US', es: 'es_ES', fr: 'fr_FR' };

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1f2933;background:#f1f3f5}
main{max-width:720px;margin:0 auto;padding:24px 16px}
h1{font-size:1.9rem;line-height:1.2;margin:.2em 0 .3em}
h2{font-size:1.2rem;margin:1.6em 0 .6em}
h3{font-size:1rem;margin:0 0 .2em}
p{margin:.3em 0}
a{color:#1864ab}
.brand{font-weight:600;color:#495057;text-transform:uppercase;letter-spacing:.04em;font-size:.8rem}
.dates{color:#495057}
.card{background:#fff;border:1px solid #dee2e6;border-radius:10px;padding:14px 16px;margin:0 0 10px}
ul.plain,ol.plain{list-style:none;margin:0;padding:0}
.what{font-size:1.15rem;font-weight:700;color:#0b7285}
.avail{font-size:.9rem;color:#495057}
.soldout{color:#a61e4d;font-weight:600}
.notice{background:#fff4e6;border:1px solid #ffa94d;border-radius:10px;padding:12px 16px;margin:12px 0}
table{border-collapse:collapse;width:100%;background:#fff;border-radius:10px;overflow:hidden}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e9ecef}
th{background:#f8f9fa;font-size:.85rem}
td.num,th.num{text-align:right}
label{display:block;font-weight:600;margin:.6em 0 .2em}
input,select{font:inherit;width:100%;padding:9px 10px;border:1px solid #868e96;border-radius:8px;background:#fff;color:#1f2933}
button{font:inherit;font-weight:600;padding:10px 16px;border-radius:8px;border:0;background:#1864ab;color:#fff;cursor:pointer;margin-top:12px}
button.secondary{background:#fff;color:#1864ab;border:1px solid #1864ab}
button:disabled{opacity:.6;cursor:default}
:focus-visible{outline:3px solid #f08c00;outline-offset:2px}
.error{color:#c92a2a;font-weight:600}
.code{font:700 1.5rem/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.08em;background:#e7f5ff;border:1px dashed #1864ab;border-radius:8px;padding:8px 12px;display:inline-block;margin-right:8px}
.hint{font-size:.9rem;color:#495057}
footer{max-width:720px;margin:0 auto;padding:8px 16px 24px;color:#495057;font-size:.85rem}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
body.embed main{padding:12px 14px}
body.embed h1{font-size:1.4rem}
body.embed h2{font-size:1.05rem;margin:1em 0 .4em}
body.embed .card{padding:10px 12px;margin-bottom:8px}
body.embed footer{padding:4px 14px 12px}
body.embed .embed-grid{display:grid;grid-template-columns:1fr 1fr;gap:10px}
@media (max-width:560px){body.embed .embed-grid{grid-template-columns:1fr}}
`;

export function renderShell(shell: PageShell, body: string, data?: unknown): string {
  const og = [
    `<meta name="description" content="${esc(shell.description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Rally">`,
    `<meta property="og:title" content="${esc(shell.title)}">`,
    `<meta property="og:description" content="${esc(shell.description)}">`,
    `<meta property="og:locale" content="${LOCALES[shell.lang]}">`,
    shell.canonicalUrl ? `<meta property="og:url" content="${esc(shell.canonicalUrl)}">` : '',
    shell.canonicalUrl ? `<link rel="canonical" href="${esc(shell.canonicalUrl)}">` : '',
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${esc(shell.title)}">`,
    `<meta name="twitter:description" content="${esc(shell.description)}">`,
    shell.noIndex ? `<meta name="robots" content="noindex">` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return `<!doctype html>
<html lang="${shell.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(shell.title)}</title>
${og}
<style>${CSS}</style>
${shell.scriptUrl ? `<script type="module" src="${esc(shell.scriptUrl)}"></script>` : ''}
</head>
<body${shell.embed ? ' class="embed"' : ''}>
${body}
${data === undefined ? '' : `<script type="application/json" id="rally-data">${jsonForScript(data)}</script>`}
</body>
</html>`;
}

function money(cents: number, lang: PublicLanguage, currency: string) {
  return new Intl.NumberFormat(lang, { style: 'currency', currency, maximumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);
}

/** A date in the campaign's zone (named); the script rewrites it in the visitor's zone. */
function dateTime(d: Date, lang: PublicLanguage, timeZone: string) {
  const text = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(d);
  return `<time datetime="${d.toISOString()}" data-local="datetime">${esc(text)}</time>`;
}
function dateOnly(d: Date, lang: PublicLanguage, timeZone: string) {
  const text = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone }).format(d);
  return `<time datetime="${d.toISOString()}" data-local="date">${esc(text)}</time>`;
}

function whatYouGet(r: PublicReward, m: PublicMessages, lang: PublicLanguage, currency: string): string {
  switch (r.type) {
    case 'discount':
      return r.percentageDiscount ? fill(m.percentOff, { n: r.percentageDiscount }) : r.title;
    case 'free_product':
      return m.freeProduct;
    case 'gift_card':
      return r.amountCents ? fill(m.giftCard, { amount: money(r.amountCents, lang, currency) }) : r.title;
    case 'money':
      return r.amountCents ? fill(m.cash, { amount: money(r.amountCents, lang, currency) }) : r.title;
    case 'prize':
      return r.valueCents ? fill(m.prizeWorth, { amount: money(r.valueCents, lang, currency) }) : r.title;
  }
}

function availability(r: PublicReward, m: PublicMessages): string {
  if (r.left === null || r.total === null) return r.type === 'money' ? `<p class="avail">${esc(m.limited)}</p>` : '';
  if (r.left === 0) return `<p class="avail soldout">${esc(m.allClaimed)}</p>`;
  if (r.type === 'prize') return `<p class="avail">${esc(fill(m.prizesLeft, { n: r.left }))}</p>`;
  return `<p class="avail">${esc(fill(m.codesLeft, { n: r.left, total: r.total }))} · ${esc(m.limited)}</p>`;
}

export interface RenderCampaignOptions {
  lang: PublicLanguage;
  embed: boolean;
  publicUrl: string;
  scriptUrl: string | null;
}

export function renderCampaignPage(c: PublicCampaign, o: RenderCampaignOptions): string {
  const m = PUBLIC_MESSAGES[o.lang];
  const pageUrl = `${o.publicUrl}/campaign/${c.uid}`;
  const ended = c.status === 'ended';
  const dates = ended
    ? `<div class="notice" role="status"><strong>${esc(c.endDate ? fill(m.endedOn, { date: '\u0000' }) : m.ended).replace('\u0000', c.endDate ? dateOnly(c.endDate, o.lang, c.timeZone) : '')}</strong></div>`
    : `<p class="dates">${c.endDate ? esc(fill(m.ends, { date: '\u0000' })).replace('\u0000', dateTime(c.endDate, o.lang, c.timeZone)) : esc(m.noEnd)}</p>`;
  const rewards = c.rewards.length
    ? `<section aria-labelledby="rewards-h"><h2 id="rewards-h">${esc(m.rewards)}</h2><ul class="plain${o.embed ? ' embed-grid' : ''}">${c.rewards
        .map(
          (r) => `<li class="card"><h3>${esc(r.title)}</h3><p class="what">${esc(whatYouGet(r, m, o.lang, c.currency))}</p>${
            r.description ? `<p>${esc(r.description)}</p>` : ''
          }${availability(r, m)}${r.validUntil ? `<p class="avail">${esc(fill(m.validUntil, { date: '\u0000' })).replace('\u0000', dateOnly(r.validUntil, o.lang, c.timeZone))}</p>` : ''}</li>`,
        )
        .join('')}</ul></section>`
    : '';
  const missions = c.missions.length
    ? `<section aria-labelledby="missions-h"><h2 id="missions-h">${esc(m.missions)}</h2><ol class="plain">${c.missions
        .map((x) => `<li class="card"><h3>${esc(x.title)}</h3>${x.description ? `<p>${esc(x.description)}</p>` : ''}</li>`)
        .join('')}</ol></section>`
    : '';
  let leaderboard = '';
  if (c.leaderboard && c.leaderboard.rows.length > 0) {
    const lb = c.leaderboard;
    const head = [
      `<th scope="col">${esc(m.rank)}</th>`,
      lb.showUser ? `<th scope="col">${esc(m.participant)}</th>` : '',
      lb.showStore ? `<th scope="col">${esc(m.store)}</th>` : '',
      lb.showSubmissions ? `<th scope="col" class="num">${esc(m.entries)}</th>` : '',
      lb.showSales ? `<th scope="col" class="num">${esc(m.sales)}</th>` : '',
    ].join('');
    const rows = lb.rows
      .map(
        (r) =>
          `<tr><td>${r.rank}</td>${lb.showUser ? `<td>${esc(r.userName ?? '')}</td>` : ''}${lb.showStore ? `<td>${esc(r.storeName ?? '')}</td>` : ''}${
            lb.showSubmissions ? `<td class="num">${r.submissions ?? ''}</td>` : ''
          }${lb.showSales ? `<td class="num">${r.salesAmountCents === null ? '' : esc(money(r.salesAmountCents, o.lang, c.currency))}</td>` : ''}</tr>`,
      )
      .join('');
    leaderboard = `<section aria-labelledby="leaderboard-h"><h2 id="leaderboard-h">${esc(m.leaderboard)}</h2><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></section>`;
  }
  const countryNames = new Intl.DisplayNames([o.lang], { type: 'region' });
  const countries = c.countryCodes.map((code) => ({ code, name: countryNames.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, o.lang));
  const takePart = c.canTakePart
    ? `<section aria-labelledby="take-part-h" class="card" id="take-part"><h2 id="take-part-h" style="margin-top:0">${esc(m.takePart)}</h2>
<div id="rally-take-part" aria-live="polite"><form id="rally-join" novalidate>
<p class="hint">${esc(m.signInIntro)}</p>
<label for="rally-name">${esc(m.yourName)}</label><input id="rally-name" name="name" autocomplete="name" required maxlength="100">
<label for="rally-email">${esc(m.email)}</label><input id="rally-email" name="email" type="email" autocomplete="email" required maxlength="254">
<label for="rally-country">${esc(m.country)}</label><select id="rally-country" name="country" required>${countries
        .map((x) => `<option value="${esc(x.code)}">${esc(x.name)}</option>`)
        .join('')}</select>
<button type="submit">${esc(m.sendCode)}</button>
</form></div></section>`
    : '';
  const footer = `<footer><p>${esc(fill(m.poweredBy, { brand: c.brandName }))}${
    o.embed ? ` · <a href="${esc(pageUrl)}" target="_blank" rel="noopener">${esc(m.openFull)}</a>` : ''
  }</p></footer>`;
  const body = `<main id="main">
<header><p class="brand">${esc(fill(m.by, { brand: c.brandName }))}</p><h1>${esc(c.name)}</h1>${dates}</header>
${rewards}
${takePart}
${missions}
${leaderboard}
</main>
${footer}`;
  const description = [c.rewards.map((r) => whatYouGet(r, m, o.lang, c.currency)).join(' · '), c.missions[0]?.description ?? ''].filter(Boolean).join(' — ') || c.name;
  const data = c.canTakePart
    ? {
        campaignId: c.id,
        uid: c.uid,
        lang: o.lang,
        embed: o.embed,
        m: {
          code: m.code,
          codeSent: m.codeSent,
          continue: m.continue,
          otherEmail: m.otherEmail,
          submit: m.submit,
          yourCode: m.yourCode,
          copy: m.copy,
          copied: m.copied,
          mailed: m.mailed,
          already: m.already,
          thanks: m.thanks,
          pending: m.pending,
          error: m.error,
          required: m.required,
          working: m.working,
        },
      }
    : { lang: o.lang };
  return renderShell(
    { lang: o.lang, title: `${c.name} — ${c.brandName}`, description, canonicalUrl: pageUrl, embed: o.embed, scriptUrl: o.scriptUrl },
    body,
    data,
  );
}

export function renderMessagePage(o: { lang: PublicLanguage; embed: boolean; title: string; text: string; scriptUrl?: string | null }): string {
  return renderShell(
    { lang: o.lang, title: o.title, description: o.text, embed: o.embed, noIndex: true, scriptUrl: o.scriptUrl ?? null },
    `<main id="main"><h1>${esc(o.title)}</h1><p>${esc(o.text)}</p></main>`,
  );
}
