import type { Env } from '../../config/env.js';
import type { PayoutProvider } from './payout-provider.js';
import { createSandboxPayoutProvider } from './sandbox-payout-provider.js';
import { createTremendousProvider } from './tremendous-provider.js';

type PayoutEnv = Pick<
  Env,
  'PAYOUT_PROVIDER' | 'TREMENDOUS_API_KEY' | 'TREMENDOUS_WEBHOOK_SECRET' | 'TREMENDOUS_CAMPAIGN_ID' | 'TREMENDOUS_FUNDING_SOURCE_ID' | 'TREMENDOUS_API_URL'
>;

/** PAYOUT_PROVIDER=tremendous (its keys checked at boot, config/env.ts); the embedded TEST MODE sandbox otherwise. */
export function createPayoutProvider(env: PayoutEnv): PayoutProvider {
  if (env.PAYOUT_PROVIDER === 'tremendous') {
    return createTremendousProvider({
      apiKey: env.TREMENDOUS_API_KEY!,
      webhookSecret: env.TREMENDOUS_WEBHOOK_SECRET!,
      campaignId: env.TREMENDOUS_CAMPAIGN_ID!,
      fundingSourceId: env.TREMENDOUS_FUNDING_SOURCE_ID,
      apiUrl: env.TREMENDOUS_API_URL,
    });
  }
  return createSandboxPayoutProvider();
}
