import {
  ZEmailAnswer,
  ZMailQueuedAnswer,
  ZSignInOptions,
  type TEmailAnswer,
  type TEmailRequestBody,
  type TMailQueuedAnswer,
  type TResendVerificationBody,
  type TResetPasswordBody,
  type TSignInOptions,
  type TSignUpBody,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';

// The front door's calls besides signing in (server: modules/account). Each one that may mail someone answers
// `mail-queued` whoever the address belongs to.

/** Whether sign-up is open and whether the demo accounts exist (the sign-in page lists them only then). */
export const getSignInOptions = (): Promise<TSignInOptions> => apiFetch('/auth/options', { schema: ZSignInOptions });

export const signUp = (body: TSignUpBody): Promise<TMailQueuedAnswer> =>
  apiFetch('/auth/sign-up', { method: 'POST', body, schema: ZMailQueuedAnswer });

export const verifyEmail = (token: string): Promise<TEmailAnswer> =>
  apiFetch('/auth/verify-email', { method: 'POST', body: { token }, schema: ZEmailAnswer });

export const resendVerification = (body: TResendVerificationBody): Promise<TMailQueuedAnswer> =>
  apiFetch('/auth/send-verification-email', { method: 'POST', body, schema: ZMailQueuedAnswer });

export const requestPasswordReset = (body: TEmailRequestBody): Promise<TMailQueuedAnswer> =>
  apiFetch('/auth/forgot-password', { method: 'POST', body, schema: ZMailQueuedAnswer });

export const resetPassword = (body: TResetPasswordBody): Promise<TEmailAnswer> =>
  apiFetch('/auth/reset-password', { method: 'POST', body, schema: ZEmailAnswer });

export const confirmEmailChange = (token: string): Promise<TEmailAnswer> =>
  apiFetch('/account/confirm-email', { method: 'POST', body: { token }, schema: ZEmailAnswer });
