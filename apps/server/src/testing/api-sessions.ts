// The callers of the OpenAPI suites (hardening/openapi-fuzz, openapi-conformance): dashboard users and participants
// with real sessions, and which of them calls an operation of the document.
import { DEMO_USERS } from '../seed/demo-accounts.js';
import { playCookie, runningCampaign } from './engine-kit.js';
import type { TestApp } from './test-app.js';
export interface ApiSession {
  who: string;
  /** The Cookie header; undefined for a caller signed out. */
  cookie: string | undefined;
}

export interface ApiSessions {
  /** The demo users, signed in to the dashboard. */
  dashboard: ApiSession[];
  /** Store users of a running campaign of the owner brand, with a participant session as /play makes one. */
  participants: ApiSession[];
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
  return { dashboard, participants, participantCampaign: { campaignId: k.campaign.id, campaignMissionId: k.cm.id } };
}

const SIGNED_OUT: ApiSession = { who: 'signed out', cookie: undefined };

/**
 * Who calls an operation: participants on the participant API (/api/play), the dashboard users elsewhere. The
 * sign-in and sign-out doors are called signed out (signing out would end the session the next cases use).
 */
export function callersFor(route: { path: string }, sessions: ApiSessions): ApiSession[] {
  if (route.path.startsWith('/api/play/auth/') || route.path === '/api/auth/sign-out') return [SIGNED_OUT];
  if (route.path.startsWith('/api/play/')) return sessions.participants;
  return sessions.dashboard;
}
