import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getPublicCampaign } from './get-public-campaign.js';
import { publicPageSettingsRoutes } from './public-page-settings.routes.js';
import { languageFrom, PUBLIC_MESSAGES } from './public-page-messages.js';
import { renderCampaignPage, renderMessagePage } from './render-public-page.js';
import { registerRewardCodeMail } from './reward-code-mail.js';

export interface PublicPageRoutesOptions {
  publicUrl: string;
  /** The built web app (its manifest names the public page's script); empty: pages render without the script. */
  webDist: string;
}

/** The same shape as PUBLIC_UID_PATTERN (@rally/domain), as a route constraint: no dashboard path has it. */
const UID_ROUTE = ':uid(^[A-Za-z0-9_-]{12}$)';
/** Entry of the public page's script in the web build (apps/web/vite.config.ts). */
const SCRIPT_ENTRY = 'src/public-page/main.ts';

/** The script's hashed file name from the build manifest, re-read when the build changes (no restart needed). */
function scriptLocator(webDist: string) {
  const manifest = webDist ? path.join(webDist, '.vite', 'manifest.json') : '';
  let cached: { mtimeMs: number; url: string | null } | null = null;
  return (): string | null => {
    if (!manifest) return null;
    try {
      const { mtimeMs } = statSync(manifest);
      if (cached?.mtimeMs !== mtimeMs) {
        const entries = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, { file: string }>;
        const file = entries[SCRIPT_ENTRY]?.file;
        cached = { mtimeMs, url: file ? `/${file}` : null };
      }
      return cached.url;
    } catch {
      return null;
    }
  };
}

/**
 * The public campaign page {PUBLIC_URL}/campaign/{uid} and its embeddable frame …/embed (spec §2 embed panel).
 * Server-rendered HTML; only /embed may be framed by other sites (frame-ancestors *, no X-Frame-Options).
 */
export async function publicPageRoutes(app: FastifyInstance, opts: PublicPageRoutesOptions) {
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const script = scriptLocator(opts.webDist);
  registerRewardCodeMail(app, publicUrl);
  await publicPageSettingsRoutes(app);

  const allowAnyFramer = (reply: FastifyReply) => {
    const csp = String(reply.getHeader('content-security-policy') ?? "default-src 'self'");
    reply.header('content-security-policy', /frame-ancestors [^;]*/.test(csp) ? csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *') : `${csp};frame-ancestors *`);
    reply.removeHeader('x-frame-options');
  };

  const page = (embed: boolean) => async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
    const lang = languageFrom(request.headers['accept-language']);
    if (embed) allowAnyFramer(reply);
    reply.type('text/html; charset=utf-8').header('vary', 'Accept-Language').header('content-language', lang);
    const campaign = await getPublicCampaign(app.database.db, app.caches.engine, request.params.uid);
    if (!campaign) {
      const m = PUBLIC_MESSAGES[lang];
      return reply.status(404).header('cache-control', 'no-store').send(renderMessagePage({ lang, embed, title: m.notFoundTitle, text: m.notFoundText }));
    }
    // Codes left and the leaderboard move: a shared cache may keep the page a few seconds, never longer.
    reply.header('cache-control', 'public, max-age=0, s-maxage=5');
    return reply.send(renderCampaignPage(campaign, { lang, embed, publicUrl, scriptUrl: campaign.canTakePart ? script() : null }));
  };

  app.get(`/campaign/${UID_ROUTE}`, { schema: { hide: true } }, page(false));
  app.get(`/campaign/${UID_ROUTE}/embed`, { schema: { hide: true } }, page(true));
}
