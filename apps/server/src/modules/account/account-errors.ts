import { ACCOUNT_FIELD_MESSAGES, ERROR_CODES, type TMailQueuedAnswer } from '@rally/domain';
import { appError, invalid } from '../../lib/app-error.js';

/** A mailed link that is unknown, used already, expired, or replaced by a newer one: all answer alike. */
export const linkExpired = () =>
  appError(ERROR_CODES.linkExpired, 'This link has expired or was used already; ask for a new one', [
    { path: 'token', message: 'expired or used already' },
  ]);

export const wrongCurrentPassword = () => invalid([{ path: 'currentPassword', message: ACCOUNT_FIELD_MESSAGES.incorrectPassword }], 'The current password is incorrect');

/** The one answer of every door that may mail someone (ZMailQueuedAnswer). */
export const MAIL_QUEUED: TMailQueuedAnswer = { status: 'mail-queued' };
