import { z } from 'zod';
import { ZAccountEmail } from '../auth/account.schema.js';
import { isCountryCode } from '../brand/countries.js';
import { PLAY_LANGUAGES } from '../play/play-self-service.schema.js';
import { ZEpochSeconds } from '../shared/api-schemas.js';
import { zText } from '../shared/limits.js';

/** The brand's own reference for a consumer (its CRM's id): unique per brand, 1–200 characters. */
export const CONSUMER_EXTERNAL_REF_MAX = 200;

/**
 * PUT /api/v1/consumers (issue 31, decision 0031): the consumer with this externalRef — else with this address — is
 * the same person, updated and made active again; otherwise one is created. Sending the same body twice changes
 * nothing the second time.
 */
export const ZV1ConsumerBody = z
  .object({
    externalRef: zText(CONSUMER_EXTERNAL_REF_MAX)
      .transform((s) => s.trim())
      .pipe(z.string().min(1, { message: 'required' }))
      .optional(),
    email: ZAccountEmail,
    name: zText(100)
      .transform((s) => s.trim())
      .pipe(z.string().min(1, { message: 'required' })),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isCountryCode, { message: 'a two-letter ISO country code' }),
    locale: z.enum(PLAY_LANGUAGES).optional(),
  })
  .strict();
export type TV1ConsumerBody = z.infer<typeof ZV1ConsumerBody>;

export const ZV1Consumer = z.object({
  id: z.number().int(),
  externalRef: z.string().nullable(),
  email: z.string().nullable(),
  name: z.string(),
  countryCode: z.string(),
  locale: z.enum(PLAY_LANGUAGES).nullable(),
  active: z.boolean().describe('false once deactivated: no sign-in, no session, no entries'),
  createdAt: ZEpochSeconds,
});
export type TV1Consumer = z.infer<typeof ZV1Consumer>;
