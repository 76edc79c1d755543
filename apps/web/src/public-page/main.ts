// The public campaign page's only script (apps/server renders the page; see modules/public-page): shows dates in
// the visitor's zone and runs the take-part flow — email one-time code, the consumer mission, the issued code.
// Plain DOM, no framework: it must stay far under the page's 60 kB gzip budget (scripts/bundle-sizes.mjs).
import { takePart, type PageData } from './take-part';

function localTimes(lang: string) {
  for (const el of Array.from(document.querySelectorAll<HTMLTimeElement>('time[data-local]'))) {
    const when = new Date(el.dateTime);
    if (Number.isNaN(when.getTime())) continue;
    const withTime = el.dataset['local'] === 'datetime';
    el.title = el.textContent ?? '';
    el.textContent = new Intl.DateTimeFormat(lang, withTime
      ? { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }
      : { year: 'numeric', month: 'long', day: 'numeric' }).format(when);
  }
}

const dataEl = document.getElementById('rally-data');
if (dataEl?.textContent) {
  const data = JSON.parse(dataEl.textContent) as PageData;
  localTimes(data.lang);
  const root = document.getElementById('rally-take-part');
  if (root && data.campaignId) void takePart(root, data);
}
