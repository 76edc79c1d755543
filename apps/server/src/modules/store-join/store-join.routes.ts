import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PLAY_CODE_TTL_SECONDS,
  STORE_JOIN_COOKIE,
  ZErrorBody,
  ZPlayRequestCodeResponse,
  ZPlaySession,
  ZStoreJoinDecisionBody,
  ZStoreJoinLink,
  ZStoreJoinLinkParams,
  ZStoreJoinRequestCodeBody,
  ZStoreJoinRequestItem,
  ZStoreJoinRequestList,
  ZStoreJoinRequestListQuery,
  ZStoreJoinRequestParams,
  ZStoreJoinSettings,
  ZStoreJoinState,
  ZStoreJoinVerifyBody,
} from '@rally/domain';
import { fileResponse } from '../../lib/api-docs.js';
import { errorResponses, rateLimitedResponse } from '../../lib/error-responses.js';
import { cookieValue } from '../auth/index.js';
import { setPlayCookie, type PlayMailer } from '../play/index.js';
import { joinLinkOf } from './join-link.js';
import { renderJoinPoster } from './join-poster.js';
import { decideJoinRequest, getJoinSettings, listJoinRequests, setJoinSettings } from './join-requests.js';
import { enterAfterApproval, getJoinState } from './join-status.js';
import { registerJoinJobs, requestJoinCode, verifyJoin } from './join-store.js';
import { posterNamesOf } from './store-join.repository.js';

export interface StoreJoinRoutesOptions {
  mailer: PlayMailer;
  publicUrl: string;
  secureCookies: boolean;
  /** The per-process limiter of the sign-in doors, beside the door's own counts in the database. */
  signInRateLimit: { max: number; timeWindow: number };
}

const JOIN_COOKIE_SECONDS = 60 * 60 * 24 * 30;
const playTags = ['play'];
const tags = ['store-join'];

/** The waiting newcomer's cookie: read only by the join routes. */
function setJoinCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.header(
    'set-cookie',
    `${STORE_JOIN_COOKIE}=${token}; Path=/api/play/join; HttpOnly; SameSite=Lax; Max-Age=${JOIN_COOKIE_SECONDS}${secure ? '; Secure' : ''}`,
  );
}

/** Join by store code (decision 0025): the /play door of newcomers, and the dashboard's links, posters and decisions. */
export async function storeJoinRoutes(app: FastifyInstance, opts: StoreJoinRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  registerJoinJobs(app.jobs, db, opts.mailer);

  r.post(
    '/api/play/join/request-code',
    {
      config: { permission: 'public', rateLimit: opts.signInRateLimit },
      schema: {
        tags: playTags,
        summary: "Mail a sign-in code to sign up with a store's join code (the same answer whether the code names a store or not)",
        description: 'Counted per address (IP), per store code and per email; 429 with Retry-After past each limit.',
        body: ZStoreJoinRequestCodeBody,
        response: { 200: ZPlayRequestCodeResponse, 400: ZErrorBody, 429: rateLimitedResponse },
      },
    },
    async (request) => {
      await requestJoinCode(db, app.jobs, request.body, request.ip);
      return { ok: true as const, expiresInSeconds: PLAY_CODE_TTL_SECONDS };
    },
  );

  r.post(
    '/api/play/join/verify',
    {
      config: { permission: 'public', rateLimit: opts.signInRateLimit },
      schema: {
        tags: playTags,
        summary: "Sign up with the mailed code and a store's join code: pending until the store's brand approves, or in at once",
        description: 'In (status active): sets the rally_play_session cookie. Waiting, refused or deactivated: sets the rally_play_join cookie the waiting page reads.',
        body: ZStoreJoinVerifyBody,
        response: { 200: ZStoreJoinState, 400: ZErrorBody, 401: ZErrorBody, 429: rateLimitedResponse },
      },
    },
    async (request, reply) => {
      const out = await verifyJoin(db, request.body, request.ip);
      if (out.kind === 'session') setPlayCookie(reply, out.token, opts.secureCookies);
      else setJoinCookie(reply, out.joinToken, opts.secureCookies);
      return out.state;
    },
  );

  r.get(
    '/api/play/join/status',
    {
      config: { permission: 'public' },
      schema: { tags: playTags, summary: "Where this browser's join request stands (its rally_play_join cookie)", response: { 200: ZStoreJoinState, 404: ZErrorBody } },
    },
    async (request) => getJoinState(db, cookieValue(request.headers.cookie, STORE_JOIN_COOKIE)),
  );

  r.post(
    '/api/play/join/enter',
    {
      config: { permission: 'public', rateLimit: opts.signInRateLimit },
      schema: {
        tags: playTags,
        summary: 'An approved newcomer enters /play: the join cookie opens one session (sets rally_play_session)',
        response: { 200: ZPlaySession, 404: ZErrorBody, 409: ZErrorBody, 429: rateLimitedResponse },
      },
    },
    async (request, reply) => {
      const { token, actor } = await enterAfterApproval(db, cookieValue(request.headers.cookie, STORE_JOIN_COOKIE));
      setPlayCookie(reply, token, opts.secureCookies);
      // Fastify appends a second set-cookie: the spent join cookie goes.
      reply.header('set-cookie', `${STORE_JOIN_COOKIE}=; Path=/api/play/join; HttpOnly; SameSite=Lax; Max-Age=0`);
      return { participant: actor.participant };
    },
  );

  // ——— dashboard ———

  r.get(
    '/api/stores/:id/join-link',
    {
      config: { permission: 'staff:manage' },
      schema: { tags, summary: "A store's join link (its code is made on first read); approved stores only", params: ZStoreJoinLinkParams, response: { 200: ZStoreJoinLink, ...errorResponses } },
    },
    async (request) => joinLinkOf({ db, actor: await app.actor(request), storeId: request.params.id, publicUrl: opts.publicUrl }),
  );

  r.post(
    '/api/stores/:id/join-link/rotate',
    {
      config: { permission: 'staff:manage' },
      schema: { tags, summary: 'Replace a store\'s join code: the old link and printed posters stop working', params: ZStoreJoinLinkParams, response: { 200: ZStoreJoinLink, ...errorResponses } },
    },
    async (request) => joinLinkOf({ db, actor: await app.actor(request), storeId: request.params.id, publicUrl: opts.publicUrl, rotate: true }),
  );

  r.get(
    '/api/stores/:id/join-poster.pdf',
    {
      config: { permission: 'staff:manage' },
      schema: { tags, summary: "A printable poster (PDF) with the QR code of a store's join link", params: ZStoreJoinLinkParams, response: { 200: fileResponse('The poster, A4 PDF', ['application/pdf']), ...errorResponses } },
    },
    async (request, reply) => {
      const actor = await app.actor(request);
      const link = await joinLinkOf({ db, actor, storeId: request.params.id, publicUrl: opts.publicUrl });
      const names = (await posterNamesOf(db, actor.brandId, link.storeId))!;
      const pdf = await renderJoinPoster({ storeName: names.store_name, brandName: names.brand_name, url: link.url });
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="join-store-${link.storeId}.pdf"`).send(pdf);
    },
  );

  r.get(
    '/api/store-join/requests',
    {
      config: { permission: 'staff:manage' },
      schema: { tags, summary: 'People who joined a store of the brand with its code: waiting (oldest first) or decided', querystring: ZStoreJoinRequestListQuery, response: { 200: ZStoreJoinRequestList, ...errorResponses } },
    },
    async (request) => listJoinRequests(db, (await app.actor(request)).brandId, request.query.status),
  );

  r.post(
    '/api/store-join/requests/:storeUserId/decision',
    {
      config: { permission: 'staff:manage' },
      schema: { tags, summary: 'Approve or refuse a person waiting to join a store (once)', params: ZStoreJoinRequestParams, body: ZStoreJoinDecisionBody, response: { 200: ZStoreJoinRequestItem, ...errorResponses } },
    },
    async (request) => decideJoinRequest(db, await app.actor(request), request.params.storeUserId, request.body),
  );

  r.get(
    '/api/store-join/settings',
    { config: { permission: 'staff:manage' }, schema: { tags, summary: "The brand's join settings (auto-approve)", response: { 200: ZStoreJoinSettings, ...errorResponses } } },
    async (request) => getJoinSettings(db, (await app.actor(request)).brandId),
  );

  r.put(
    '/api/store-join/settings',
    {
      config: { permission: 'staff:manage' },
      schema: { tags, summary: 'Turn auto-approve of people joining with a store code on or off', body: ZStoreJoinSettings, response: { 200: ZStoreJoinSettings, ...errorResponses } },
    },
    async (request) => setJoinSettings(db, await app.actor(request), request.body),
  );
}

