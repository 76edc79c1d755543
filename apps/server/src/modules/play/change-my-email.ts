import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ERROR_CODES,
  PLAY_CODE_MAX_ATTEMPTS,
  PLAY_CODE_TTL_SECONDS,
  type TPlayEmailChangeRequestBody,
  type TPlayEmailChangeVerifyBody,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import { AppError, conflict, unauthenticated } from '../../lib/app-error.js';
import type { BackgroundJobs } from '../../lib/background-jobs.js';
import { renderEmail } from '../../lib/email-template.js';
import type { Mailer } from '../../lib/mailer.js';
import { takeThrottledAttempt, throttleKey, type ThrottlePolicy } from '../auth/index.js';
import type { ParticipantRef } from '../engine/index.js';
import { loadParticipant, type PlayActor } from './play-session.js';
import { emailTakenInBrand, insertEmailChange, setEmail, takeEmailChangeAttempt, useEmailChange } from './play-self-service.repository.js';

/**
 * Changing a participant's email (decision 0027), proved like a sign-in: a six-digit code mailed to the new address
 * by a background job, valid 10 minutes, 5 tries. Each participant may ask for 3 codes back to back, then waits
 * 1 minute, doubling up to 15 (the sign-in code's policy, counted per participant so nobody can make Rally mail an
 * address at will); the route also has the sign-in routes' per-IP limit.
 */
export const EMAIL_CHANGE_THROTTLE: ThrottlePolicy = { free: 3, baseSeconds: 60, capSeconds: 900, forgetAfterSeconds: 3_600 };
export const EMAIL_CHANGE_JOB = 'play-email-change-code';

type EmailChangeJob = { kind: ParticipantRef['kind']; id: number; brandId: string; email: string };

const hashCode = (email: string, code: string) => createHash('sha256').update(`change:${email}:${code}`).digest('base64url');
const participantKey = (p: ParticipantRef) => `${p.kind === 'store_user' ? 'u' : 'c'}:${p.id}`;
const wrongCode = () =>
  new AppError(400, ERROR_CODES.validation, 'this code is wrong or expired; ask for a new one', [
    { path: 'code', message: 'this code is wrong or expired; ask for a new one' },
  ]);
const taken = () =>
  conflict('This email belongs to another account here', ERROR_CODES.conflict, [{ path: 'email', message: 'already the email of another account here' }]);

export interface RequestEmailChangeOptions {
  db: Db;
  jobs: BackgroundJobs;
  actor: PlayActor;
  body: TPlayEmailChangeRequestBody;
}

/** Counts the request, then queues the code's mail; the answer does not wait for it. */
export async function requestEmailChange({ db, jobs, actor, body }: RequestEmailChangeOptions): Promise<void> {
  await takeThrottledAttempt(db, throttleKey('play-email-change', participantKey(actor)), EMAIL_CHANGE_THROTTLE, {
    path: 'email',
    what: 'this account',
  });
  if (body.email === actor.participant.email) throw conflict('This is your email already', ERROR_CODES.conflict, [{ path: 'email', message: 'already your email' }]);
  if (await emailTakenInBrand(db, actor, body.email)) throw taken();
  await jobs.send<EmailChangeJob>(EMAIL_CHANGE_JOB, { kind: actor.kind, id: actor.id, brandId: actor.brandId, email: body.email });
}

/** The job: makes the code (a retry makes a new one; the latest counts) and mails it to the new address. */
export async function mailEmailChangeCode(db: Db, mailer: Mailer, data: EmailChangeJob): Promise<void> {
  const who = await loadParticipant(db, data.kind, data.id);
  if (!who || who.brandId !== data.brandId) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await insertEmailChange(db, who, { email: data.email, codeHash: hashCode(data.email, code), ttlSeconds: PLAY_CODE_TTL_SECONDS });
  const lang = who.participant.language ?? 'en';
  const body = await renderEmail({
    lang,
    title: `Your Rally confirmation code: ${code}`,
    preheader: `Your confirmation code is ${code}`,
    paragraphs: [
      `To use this address for Rally, enter the confirmation code ${code}. It is valid for 10 minutes.`,
      'If you did not ask for it, ignore this email: nothing changes.',
    ],
  });
  await mailer.send({ to: data.email, subject: `Your Rally confirmation code: ${code}`, ...body });
}

export function registerEmailChangeJobs(jobs: BackgroundJobs, db: Db, mailer: Mailer): void {
  jobs.register<EmailChangeJob>(EMAIL_CHANGE_JOB, (data) => mailEmailChangeCode(db, mailer, data));
}

export interface VerifyEmailChangeOptions {
  db: Db;
  actor: PlayActor;
  body: TPlayEmailChangeVerifyBody;
}

/** Checks the latest code for the address (tries limited per code) and makes it the participant's email. */
export async function verifyEmailChange({ db, actor, body }: VerifyEmailChangeOptions): Promise<PlayActor> {
  const row = await takeEmailChangeAttempt(db, actor, body.email, PLAY_CODE_MAX_ATTEMPTS);
  if (!row) throw wrongCode();
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(hashCode(body.email, body.code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw wrongCode();
  return db.transaction(async (tx) => {
    if (!(await useEmailChange(tx, row.id))) throw wrongCode();
    // Taken since the code was sent: the brand's accounts keep one address each.
    if (await emailTakenInBrand(tx, actor, body.email)) throw taken();
    await setEmail(tx, actor, body.email);
    const now = await loadParticipant(tx, actor.kind, actor.id);
    if (!now) throw unauthenticated();
    return now;
  });
}
