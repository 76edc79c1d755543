import { z } from 'zod';
import { ZSsoLookup, ZSsoStart } from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';

const ZVerified = z.object({ user: z.object({ id: z.string(), email: z.string(), name: z.string() }) });

/** The sign-in's second step: a code from the authenticator app, or a backup code. */
export function verifySecondFactor(body: { code: string; backupCode?: boolean; trustDevice?: boolean }) {
  return apiFetch('/auth/two-factor/verify', { method: 'POST', body, schema: ZVerified });
}

/** Whether the email's domain signs in through its brand's SSO. */
export function lookupSso(email: string) {
  return apiFetch('/auth/sso/lookup', { method: 'POST', body: { email }, schema: ZSsoLookup });
}

/** The provider address to send the browser to. */
export function startSso(email: string) {
  return apiFetch('/auth/sso/start', { method: 'POST', body: { email }, schema: ZSsoStart });
}
