import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PLAY_CODE_TTL_SECONDS,
  ZErrorBody,
  ZOk,
  ZPlayDeleteAccountBody,
  ZPlayDeletionPreview,
  ZPlayEmailChangeRequestBody,
  ZPlayEmailChangeVerifyBody,
  ZPlayExport,
  ZPlayRequestCodeResponse,
  ZPlaySession,
  ZPlaySettingsBody,
  type TPlayExport,
} from '@rally/domain';
import { errorResponses } from '../../lib/error-responses.js';
import type { Mailer } from '../../lib/mailer.js';
import { registerEmailChangeJobs, requestEmailChange, verifyEmailChange } from './change-my-email.js';
import { deleteMyAccount, previewMyDeletion, type UnpaidBalance } from './delete-my-account.js';
import { exportMyData } from './export-my-data.js';
import { clearPlayCookie, resolvePlayActor, type PlaySessions } from './play-session.js';
import { updateMySettings } from './update-my-settings.js';

export interface PlaySelfServiceRoutesOptions {
  /** The app's mailer: the email-change code goes to the new address from the job queue. */
  mailer: Mailer;
  secureCookies: boolean;
  /** The per-IP limit of the sign-in routes, on the email-change doors too. */
  signInRateLimit: { max: number; timeWindow: number };
  /** The money deleting gives up (decision 0027); Rally's own rule without it: every money unlock. */
  unpaidBalance?: UnpaidBalance;
}

const tags = ['play'];

/**
 * Drops every cached session of the participant in this process (app.caches.play.sessions, decision 0015): its
 * sessions answer what was just stored, or 401 once deleted, at once here; in other processes within their 5 s.
 */
function forgetSessionsOf(sessions: PlaySessions, p: { kind: string; id: number }) {
  for (const [key, cached] of [...sessions.entries()]) if (cached.kind === p.kind && cached.id === p.id) sessions.delete(key);
}

const security = [{ playSession: [] }];

/** A participant's own settings, data and account in /play (issue 30, decision 0027). */
export async function playSelfServiceRoutes(app: FastifyInstance, opts: PlaySelfServiceRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const sessions = app.caches.play.sessions;
  const actor = (request: Parameters<typeof resolvePlayActor>[2]) => resolvePlayActor(db, sessions, request);
  registerEmailChangeJobs(app.jobs, db, opts.mailer);

  r.patch(
    '/api/play/me/settings',
    {
      config: { permission: 'participant' },
      schema: {
        tags,
        security,
        summary: 'Change my name, language or time zone (null: follow the browser); answers me as now stored',
        body: ZPlaySettingsBody,
        response: { 200: ZPlaySession, ...errorResponses },
      },
    },
    async (request) => {
      const a = await actor(request);
      const now = await updateMySettings({ db, actor: a, change: request.body });
      forgetSessionsOf(sessions, a);
      return { participant: now.participant };
    },
  );

  r.post(
    '/api/play/me/email/request-code',
    {
      config: { permission: 'participant', rateLimit: opts.signInRateLimit },
      schema: {
        tags,
        security,
        summary: 'Mail a six-digit code to the new email address, to prove it before it becomes mine',
        description: 'The mail leaves from the job queue after the answer. At most 3 codes in a row per participant, then 429 with Retry-After (1 minute, doubling up to 15). 409 when the address is already mine or another account’s here.',
        body: ZPlayEmailChangeRequestBody,
        response: { 200: ZPlayRequestCodeResponse, 429: ZErrorBody, ...errorResponses },
      },
    },
    async (request) => {
      await requestEmailChange({ db, jobs: app.jobs, actor: await actor(request), body: request.body });
      return { ok: true as const, expiresInSeconds: PLAY_CODE_TTL_SECONDS };
    },
  );

  r.post(
    '/api/play/me/email/verify',
    {
      config: { permission: 'participant', rateLimit: opts.signInRateLimit },
      schema: {
        tags,
        security,
        summary: 'Make the new address my email with the code mailed to it (5 tries per code)',
        body: ZPlayEmailChangeVerifyBody,
        response: { 200: ZPlaySession, 429: ZErrorBody, ...errorResponses },
      },
    },
    async (request) => {
      const a = await actor(request);
      const now = await verifyEmailChange({ db, actor: a, body: request.body });
      forgetSessionsOf(sessions, a);
      return { participant: now.participant };
    },
  );

  r.get(
    '/api/play/me/export',
    {
      config: { permission: 'participant' },
      schema: {
        tags,
        security,
        summary: 'Download my data: profile, completions with answers, rewards with codes, inbox (JSON, streamed)',
        description: 'Only the signed-in participant’s own rows; sent as an attachment, read from the database page by page.',
        response: { 200: ZPlayExport, ...errorResponses },
      },
    },
    async (request, reply) => {
      const chunks = await exportMyData({ db, actor: await actor(request) });
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="rally-my-data-${day}.json"`)
        .header('cache-control', 'no-store');
      // The stream is the ZPlayExport document in chunks (Fastify pipes a stream as is; the schema documents it).
      return reply.send(Readable.from(chunks) as unknown as TPlayExport);
    },
  );

  r.get(
    '/api/play/me/deletion',
    {
      config: { permission: 'participant' },
      schema: {
        tags,
        security,
        summary: 'What deleting my account gives up (money earned) and keeps without my name (entries, rewards)',
        response: { 200: ZPlayDeletionPreview, ...errorResponses },
      },
    },
    async (request) => previewMyDeletion({ db, actor: await actor(request), unpaidBalance: opts.unpaidBalance }),
  );

  r.post(
    '/api/play/me/delete',
    {
      config: { permission: 'participant' },
      schema: {
        tags,
        security,
        summary: 'Delete my account: my name and email are removed, my entries stay anonymous, every session of mine ends',
        description:
          'With money earned, `forfeitMoneyCents` must repeat the amount GET /api/play/me/deletion showed (400 naming it otherwise). Ledger rows are kept (append-only). The email is free to sign up again.',
        body: ZPlayDeleteAccountBody,
        response: { 200: ZOk, ...errorResponses },
      },
    },
    async (request, reply) => {
      const a = await actor(request);
      await deleteMyAccount({ db, actor: a, body: request.body, unpaidBalance: opts.unpaidBalance });
      forgetSessionsOf(sessions, a);
      clearPlayCookie(reply, opts.secureCookies);
      return { ok: true as const };
    },
  );
}

