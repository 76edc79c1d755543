// The callers of the OpenAPI suites (hardening/openapi-fuzz, openapi-conformance): dashboard users and participants
// with real sessions, and which of them calls an operation of the document.
import { API_KEY_SCOPES, APP_REQUEST_HEADER } from '@rally/domain';
import { DEMO_USERS } from '../seed/demo-accounts.js';
import { playCookie, runningCampaign } from './engine-kit.js';
import type { TestApp } from './test-app.js';
export interface ApiSession {
  who: string;
  /** The Cookie header; undefined for a caller signed out. */
  cookie: string | undefined;
  /** The Authorization header of a brand's API key (the public API's callers, who send no cookie). */
  authorization?: string;
}

/** The headers a caller sends: its cookie, or its API key. */
export const callerHeaders = (s: ApiSession): Record<string, string> => ({
  ...(s.cookie ? { cookie: s.cookie } : {}),
  ...(s.authorization ? { authorization: s.authorization } : {}),
});

export interface ApiSessions {
  /** The demo users, signed in to the dashboard. */
  dashboard: ApiSession[];
  /** Store users of a running campaign of the owner brand, with a participant session as /play makes one. */
  participants: ApiSession[];
  /** The owner brand's API key with every scope, on the public API (/api/v1). */
  apiKeys: ApiSession[];
  /** The participants' running campaign and its general mission (a valid completion: `{ kind: 'general', answers: [] }`). */
  participantCampaign: { campaignId: number; campaignMissionId: number };
}

/** Dashboard and participant sessions for the suites (the test app must allow many sign-ins per address). */
export async function apiSessions(t: TestApp): Promise<ApiSessions> {
  const dashboard: ApiSession[] = [];
  for (const u of DEMO_USERS) dashboard.push({ who: u.email, cookie: await t.signIn(u.email) });
  const k = await runningCampaign(t.database.db, t.brandIds.owner, { participants: 2 });
  const participants: ApiSession[] = [];
  for (const u of k.users) participants.push({ who: `participant ${u.id}`, cookie: await playCookie(t.database.db, t.brandIds.owner, u.id) });
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { cookie: dashboard[0]!.cookie!, [APP_REQUEST_HEADER]: '1' },
    payload: { name: 'Hardening key', scopes: [...API_KEY_SCOPES] },
  });
  if (made.statusCode !== 201) throw new Error(`API key not made: ${made.statusCode} ${made.body}`);
  const apiKeys: ApiSession[] = [{ who: 'the owner brand\'s API key', cookie: undefined, authorization: `Bearer ${(made.json() as { secret: string }).secret}` }];
  return { dashboard, participants, apiKeys, participantCampaign: { campaignId: k.campaign.id, campaignMissionId: k.cm.id } };
}

const SIGNED_OUT: ApiSession = { who: 'signed out', cookie: undefined };

/**
 * Who calls an operation: participants on the participant API (/api/play), the owner brand's API key on the public
 * API (/api/v1), the dashboard users elsewhere. The
 * sign-in and sign-out doors, and a participant deleting their account, are called signed out (signing out or
 * deleting would end the session the next cases use).
 */
export function callersFor(route: { path: string }, sessions: ApiSessions): ApiSession[] {
  if (route.path.startsWith('/api/play/auth/') || route.path === '/api/auth/sign-out' || route.path === '/api/play/me/delete') return [SIGNED_OUT];
  if (route.path.startsWith('/api/play/')) return sessions.participants;
  if (route.path.startsWith('/api/v1/')) return sessions.apiKeys;
  return sessions.dashboard;
}
