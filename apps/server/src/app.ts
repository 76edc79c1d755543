import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { getCookies } from 'better-auth/cookies';
import { ERROR_CODES } from '@rally/domain';
import { sellerParty, type Env } from './config/env.js';
import type { Database } from './db/client.js';
import { AppError } from './lib/app-error.js';
import { createBackgroundJobs, type BackgroundJobs } from './lib/background-jobs.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { createAuth, type Auth } from './modules/auth/auth.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { accountRoutes } from './modules/account/index.js';
import { DEMO_USERS } from './seed/demo-accounts.js';
import { createKnownDevices } from './modules/auth/known-device.js';
import { resolveActor, resolveUser, type RequestActor, type RequestUser } from './modules/auth/request-context.js';
import { builderRoutes } from './modules/builder/builder.routes.js';
import { campaignRoutes } from './modules/campaign/campaign.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { meRoutes } from './modules/me/me.routes.js';
import { billingRoutes, createPaymentProvider } from './modules/billing/index.js';
import { createPayoutProvider, lockBalance, payoutRoutes } from './modules/payouts/index.js';
import { participantKey } from './modules/engine/index.js';
import { missionRoutes } from './modules/mission/mission.routes.js';
import { rewardRoutes } from './modules/reward/reward.routes.js';
import { storeRoutes } from './modules/store/store.routes.js';
import { launchRoutes } from './modules/launch/launch.routes.js';
import { payDueBudgetFromWallet } from './modules/launch/index.js';
import { reportRoutes } from './modules/report/report.routes.js';
import { playRoutes } from './modules/play/play.routes.js';
import { storeJoinRoutes } from './modules/store-join/index.js';
import { managerEntryRoutes } from './modules/manager-entry/index.js';
import { createDiskStorage } from './modules/media/media-storage.js';
import { createOcrPool, smartReviewRoutes, type SmartReviewDeps } from './modules/smart-review/index.js';
import { playUploadRoutes } from './modules/play/play-uploads.routes.js';
import { playSelfServiceRoutes } from './modules/play/play-self-service.routes.js';
import { languageFrom, publicPageRoutes, queueRewardCodeMail } from './modules/public-page/index.js';
import { promoteRoutes } from './modules/promote/index.js';
import { createPlayMailer } from './modules/play/play-mailer.js';
import { createStartBlockedMailer } from './modules/scheduler/index.js';
import { contestRoutes } from './modules/contest/contest.routes.js';
import { fillPartnerReward, isInvitedTo, partnerPoolRoutes, partnerRoutes } from './modules/partner/index.js';
import { exportRoutes } from './modules/export/export.routes.js';
import { posRoutes } from './modules/pos/pos.routes.js';
import { activityRoutes } from './modules/activity/index.js';
import { apiKeyRoutes, authenticateApiKey, type ApiClient } from './modules/api-keys/index.js';
import { publicApiRoutes } from './modules/public-api/index.js';
import { isOperator, operatorRoutes } from './modules/operator/index.js';
import { teamRoutes } from './modules/team/index.js';
import { staffRoutes } from './modules/staff/index.js';
import { salesRoutes, type SalesFileDeps } from './modules/sales/index.js';
import { notificationRoutes } from './modules/notifications/index.js';
import { createWebhooks, webhookRoutes } from './modules/webhooks/index.js';
import { signInSecurityRoutes } from './modules/sign-in-security/index.js';
import { calculateReach } from './modules/store/calculate-reach.js';
import { checkSelectedPlaces } from './modules/store/places-lookup.js';
import { createCampaignScheduler, type CampaignScheduler } from './modules/scheduler/campaign-scheduler.js';
import { createCaches, registerCaches } from './plugins/caches.js';
import { registerCsrfGuard } from './plugins/csrf.js';
import { registerRouteAccess } from './plugins/route-access.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler, sendMethodNotAllowed, trackRouteMethods } from './plugins/error-handler.js';
import { registerJsonBodyParser } from './plugins/json-body.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerTextGuard } from './plugins/text-guard.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    auth: Auth;
    /** Starts scheduled campaigns and ends date-bound ones on time. */
    scheduler: CampaignScheduler;
    /** The one way to send mail (SMTP when SMTP_URL is set, the log otherwise). */
    mailer: Mailer;
    /** Work after the request: exports, mailings, receipt reading, invoice closing. */
    jobs: BackgroundJobs;
    /** Resolves the signed-in user and current brand, or throws 401/403. */
    actor(request: FastifyRequest): Promise<RequestActor>;
    /** Resolves the signed-in user whether or not they belong to a brand yet, or throws 401. */
    user(request: FastifyRequest): Promise<RequestUser>;
    /** The public API's caller: the brand's API key of the Authorization header (modules/api-keys), or throws 401. */
    apiClient(request: FastifyRequest): Promise<ApiClient>;
  }
}

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** pino options; false silences logs (tests). */
  logger?: boolean | Record<string, unknown>;
}

export async function buildApp({ env, database, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: env.LOG_LEVEL },
    bodyLimit: env.BODY_LIMIT_BYTES,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: false,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked against their zod schema in development and tests, where a
  // drift between a handler and its declared shape must fail loudly; in production the
  // handlers' mapper-built objects are written with JSON.stringify (the check costs
  // more per request than the rest of a list call's serialisation).
  app.setSerializerCompiler(env.NODE_ENV === 'production' ? () => (data) => JSON.stringify(data) : serializerCompiler);
  registerErrorHandler(app);
  const routeMethods = trackRouteMethods(app);
  registerJsonBodyParser(app);

  const secureCookies = env.PUBLIC_URL.startsWith('https://');
  const auth = createAuth({
    db: database.db,
    secret: env.AUTH_SECRET,
    baseURL: env.PUBLIC_URL,
    trustedOrigins: env.trustedOrigins,
    secureCookies,
    quiet: env.NODE_ENV === 'test',
  });
  app.decorate('database', database);
  app.decorate('auth', auth);
  // Created once; modules reach them as app.caches, the scheduler as an argument (decision 0015).
  const caches = createCaches(database, auth, env.AUTH_SECRET);
  registerCaches(app, caches);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const scheduler = createCampaignScheduler({
    database,
    log: app.log,
    pollSeconds: env.SCHEDULER_POLL_SECONDS,
    work: env.SCHEDULER_ENABLED,
    onStartBlocked: createStartBlockedMailer({ mailer, log: app.log }),
    // Passed in: launch depends on the scheduler, not the other way round (see PayDueBudget).
    payDueBudget: payDueBudgetFromWallet,
    writes: caches,
  });
  app.decorate('scheduler', scheduler);
  const jobs = createBackgroundJobs({
    connectionString: database.kind === 'postgres' ? database.connectionString : undefined,
    log: app.log,
    pollSeconds: env.SCHEDULER_POLL_SECONDS,
    work: env.SCHEDULER_ENABLED,
  });
  app.decorate('jobs', jobs);
  // Modules register their queues while their plugins load; the jobs start once every plugin has.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onReady', () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
  // Resolved once per request: the route-access check (plugins/route-access.ts) and the handler share it.
  const actors = new WeakMap<FastifyRequest, Promise<RequestActor>>();
  app.decorate('actor', (request: FastifyRequest) => {
    let actor = actors.get(request);
    if (!actor) {
      actor = resolveActor(auth, database.db, caches.sessions, request);
      actors.set(request, actor);
    }
    return actor;
  });
  app.decorate('user', (request: FastifyRequest) => resolveUser(auth, caches.sessions, request));
  // Checked once per request as well: the route-access check, the per-key rate limit and the handler share it.
  const apiClients = new WeakMap<FastifyRequest, Promise<ApiClient>>();
  app.decorate('apiClient', (request: FastifyRequest) => {
    let client = apiClients.get(request);
    if (!client) {
      client = authenticateApiKey(database.db, request);
      apiClients.set(request, client);
    }
    return client;
  });

  const paymentProvider = createPaymentProvider(env);
  // Stripe Elements loads Stripe.js and its card frames from Stripe (only when Stripe is the provider).
  const stripeSources = paymentProvider.name === 'stripe' ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        // Mantine injects component styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...stripeSources],
        frameSrc: ["'self'", ...stripeSources, ...(stripeSources.length ? ['https://hooks.stripe.com'] : [])],
        connectSrc: ["'self'", ...(stripeSources.length ? ['https://api.stripe.com'] : [])],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: secureCookies ? [] : null,
      },
    },
    hsts: secureCookies,
  });
  await app.register(multipart, { limits: { fileSize: env.MEDIA_VIDEO_LIMIT_BYTES, files: 1, fields: 20 } });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, ERROR_CODES.rateLimited, `Too many attempts; try again in ${Math.ceil(ctx.ttl / 1000)} s`, [], {
        'retry-after': String(Math.ceil(ctx.ttl / 1000)),
      }),
  });
  registerCsrfGuard(app, env.trustedOrigins);
  // Every route declares who may call it (config.permission); one check enforces it (docs/ARCHITECTURE.md).
  registerRouteAccess(app);
  registerTextGuard(app);

  await registerOpenApi(app, { sessionCookie: getCookies(auth.options).sessionToken.name });

  await app.register(healthRoutes);
  // One known-device signer for both password doors (decision 0016).
  const knownDevices = createKnownDevices({ secret: env.AUTH_SECRET, secureCookies });
  await app.register(authRoutes, {
    auth,
    baseURL: env.PUBLIC_URL,
    knownDevices,
    signInRateLimit: { max: env.SIGN_IN_RATE_LIMIT, timeWindow: env.SIGN_IN_RATE_WINDOW_MS },
  });
  await app.register(signInSecurityRoutes, {
    auth,
    publicUrl: env.PUBLIC_URL,
    secret: env.AUTH_SECRET,
    secureCookies,
    signInRateLimit: { max: env.SIGN_IN_RATE_LIMIT, timeWindow: env.SIGN_IN_RATE_WINDOW_MS },
  });
  await app.register(accountRoutes, {
    publicUrl: env.PUBLIC_URL,
    signUp: env.SIGN_UP,
    demoAccountEmail: DEMO_USERS[0]?.email,
    tokenRateLimit: { max: env.SIGN_IN_RATE_LIMIT, timeWindow: env.SIGN_IN_RATE_WINDOW_MS },
  });
  await app.register(meRoutes, { isOperator: (userId: string) => isOperator(database.db, userId, env.operatorEmails) });
  await app.register(billingRoutes, { provider: paymentProvider, publicUrl: env.PUBLIC_URL, closeEverySeconds: env.INVOICE_CLOSE_CHECK_SECONDS,
    reconcileEverySeconds: env.PAYMENT_RECONCILE_SECONDS,
    reconcileAfterMinutes: env.PAYMENT_RECONCILE_AFTER_MINUTES,
    seller: sellerParty(env),
  });
  await app.register(campaignRoutes);
  await app.register(builderRoutes);
  await app.register(missionRoutes);
  // An invited partner's save-reward is the partner module's; passed in, as partner depends on reward.
  await app.register(rewardRoutes, {
    dataDir: env.DATA_DIR,
    partnerFill: { isInvitedTo, fillPartnerReward },
    stockAlerts: { publicUrl: env.PUBLIC_URL, sweepSeconds: env.NOTIFICATION_SWEEP_SECONDS },
  });
  await app.register(storeRoutes);
  await app.register(staffRoutes, { publicUrl: env.PUBLIC_URL });
  await app.register(launchRoutes, {
    calculateReach: (db, brandId, request) => calculateReach({ db, caches: caches.store, brandId, request }),
    checkPlaces: (selection) => checkSelectedPlaces(selection),
  });
  await app.register(reportRoutes);
  await app.register(contestRoutes);
  await app.register(partnerRoutes, { publicUrl: env.PUBLIC_URL });
  await app.register(partnerPoolRoutes, { publicUrl: env.PUBLIC_URL });
  await app.register(exportRoutes, { dataDir: env.DATA_DIR, secret: env.AUTH_SECRET, publicUrl: env.PUBLIC_URL });
  await app.register(posRoutes);
  await app.register(activityRoutes);
  await app.register(apiKeyRoutes);
  // Outbound webhooks: the outbox's dispatcher on the job queue, and the endpoints' routes (decision 0029).
  app.decorate(
    'webhooks',
    createWebhooks(app, {
      authSecret: env.AUTH_SECRET,
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_URLS,
      sweepSeconds: env.WEBHOOK_SWEEP_SECONDS,
      mailer,
      publicUrl: env.PUBLIC_URL,
    }),
  );
  await app.register(webhookRoutes);
  // Sales from the brand's POS (decision 0030): files kept on disk, processed by a job, credited through the engine.
  const sales: SalesFileDeps = {
    db: database.db,
    engine: caches.engine,
    reaches: caches.play.reaches,
    // Participants credited at once: the server's pool less room for requests; the embedded database has one connection.
    concurrency: env.DATABASE_URL ? Math.max(1, env.DATABASE_POOL_SIZE - 2) : 1,
    files: createDiskStorage(path.join(env.DATA_DIR, 'sales-files')),
    jobs,
  };
  await app.register(salesRoutes, { deps: sales });
  // The public API (/api/v1, decision 0028): a brand's systems with its API keys, over the dashboard's use cases.
  await app.register(publicApiRoutes, {
    rateLimit: { max: env.API_KEY_RATE_LIMIT, timeWindow: env.API_KEY_RATE_WINDOW_MS },
    calculateReach: (db, brandId, request) => calculateReach({ db, caches: caches.store, brandId, request }),
    checkPlaces: (selection) => checkSelectedPlaces(selection),
    sales,
  });
  // Money rewards paid out to participants (decision 0022): the sandbox, or Tremendous (PAYOUT_PROVIDER, checked at boot).
  await app.register(payoutRoutes, { provider: createPayoutProvider(env) });
  await app.register(operatorRoutes, { operatorEmails: env.operatorEmails });
  await app.register(teamRoutes, { publicUrl: env.PUBLIC_URL, dataDir: env.DATA_DIR, evictSessionsOf: (userId) => caches.sessions.evictUser(userId) });
  // Smart review: receipts participants send are read by a small OCR pool in the background (decision 0009).
  const playUploads = createDiskStorage(path.join(env.DATA_DIR, 'play-uploads'));
  const smartReview: SmartReviewDeps = {
    db: database.db,
    jobs,
    engine: caches.engine,
    log: app.log,
    ocr: createOcrPool({ size: 1, cacheDir: path.join(env.DATA_DIR, 'ocr') }),
    readUpload: async (key) => {
      const file = await playUploads.open(key);
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
  };
  await app.register(smartReviewRoutes, { deps: smartReview });
  await app.register(playRoutes, {
    smartReview,
    mailer: createPlayMailer(mailer),
    secureCookies,
    dataDir: env.DATA_DIR,
    knownDevices,
    signInRateLimit: { max: env.SIGN_IN_RATE_LIMIT, timeWindow: env.SIGN_IN_RATE_WINDOW_MS },
    // A consumer also gets by mail the codes a completion issued (the public page shows them too).
    afterCompletion: async ({ actor, completionId, unlockedCodes, acceptLanguage }) => {
      if (actor.kind === 'consumer' && unlockedCodes > 0)
        await queueRewardCodeMail(app, { consumerId: actor.id, completionId, lang: languageFrom(acceptLanguage) });
    },
  });
  await app.register(playUploadRoutes, { dataDir: env.DATA_DIR });
  // A participant's inbox, choices and Web Push; the fan-out and sending are jobs (decision 0026).
  await app.register(notificationRoutes, {
    vapid: env.vapid,
    mailer,
    publicUrl: env.PUBLIC_URL,
    sweepSeconds: env.NOTIFICATION_SWEEP_SECONDS,
    allowLoopbackPush: env.NODE_ENV !== 'production',
  });
  // Join by store code and a manager's entries for colleagues (decision 0025).
  await app.register(storeJoinRoutes, {
    mailer: createPlayMailer(mailer),
    publicUrl: env.PUBLIC_URL,
    secureCookies,
    signInRateLimit: { max: env.SIGN_IN_RATE_LIMIT, timeWindow: env.SIGN_IN_RATE_WINDOW_MS },
  });
  await app.register(managerEntryRoutes, { smartReview });
  // A participant's own settings, data download and account deletion in /play (decision 0027).
  await app.register(playSelfServiceRoutes, {
    mailer,
    secureCookies,
    // What deleting gives up: the payout balance at the brand, locked in the deletion's transaction (decision 0027).
    unpaidBalance: (db, p) => lockBalance(db, p.brandId, participantKey(p)),
    signInRateLimit: { max: env.SIGN_IN_RATE_LIMIT, timeWindow: env.SIGN_IN_RATE_WINDOW_MS },
  });
  await app.register(publicPageRoutes, { publicUrl: env.PUBLIC_URL, webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : '' });
  await app.register(promoteRoutes, { publicUrl: env.PUBLIC_URL, secret: env.AUTH_SECRET, dailyLimit: env.PROMOTE_DAILY_LIMIT });
  await app.register(mediaRoutes, {
    dataDir: env.DATA_DIR,
    ffmpegPath: env.FFMPEG_PATH,
    videoLimitBytes: env.MEDIA_VIDEO_LIMIT_BYTES,
  });

  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : '';
  const serveWeb = webDist !== '' && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    // wildcard: files are looked up per request, so a rebuilt bundle is served without a restart.
    await app.register(fastifyStatic, { root: webDist, wildcard: true, index: false });
    // The site's root is the single-page app as well (the static handler refuses to list a directory).
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').sendFile('index.html'),
    );
    // The participant app is a second entry with its own bundle (play/index.html), served at /play.
    const sendPlay = (_request: unknown, reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').sendFile('play/index.html');
    app.get('/play', { schema: { hide: true } }, sendPlay);
    app.get('/play/', { schema: { hide: true } }, sendPlay);
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (!isApi && serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The participant app owns /play/…; the dashboard's single-page app owns every other path.
      const isPlay = request.url === '/play' || request.url.startsWith('/play/') || request.url.startsWith('/play?');
      return reply.type('text/html; charset=utf-8').sendFile(isPlay ? 'play/index.html' : 'index.html');
    }
    // A path served for other methods answers 405 with Allow, not 404.
    const allowed = isApi ? routeMethods(request.url) : [];
    if (allowed.length > 0 && !allowed.includes(request.method)) return sendMethodNotAllowed(reply, request.method, allowed);
    return reply.status(404).send({
      error: {
        code: ERROR_CODES.notFound,
        message: `No route ${request.method} ${request.url.split('?')[0]}`,
        fields: [],
      },
    });
  });
  return app;
}
