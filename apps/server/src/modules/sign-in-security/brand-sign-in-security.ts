import { ERROR_CODES, type TBrandSignInSecurity, type TOidcConfigInput, type TSsoDefaultRole } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { appError, invalid } from '../../lib/app-error.js';
import { recordActivity, userActor } from '../activity/index.js';
import type { RequestActor } from '../auth/index.js';
import type { ClientSecretCipher } from './client-secret-cipher.js';
import { discover, OidcError } from './oidc-client.js';
import * as repo from './sign-in-security.repository.js';

export const ssoRedirectUri = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/api/auth/sso/callback`;

export async function getBrandSignInSecurity(
  db: Db,
  brandId: string,
  publicUrl: string,
): Promise<TBrandSignInSecurity> {
  const s = await repo.findBrandSecurity(db, brandId);
  return {
    requireTwoFactor: s.requireTwoFactor,
    oidc: s.provider
      ? {
          issuer: s.provider.issuer,
          clientId: s.provider.clientId,
          clientSecretSet: s.provider.clientSecretEncrypted !== '',
          domains: s.domains,
          defaultRole: s.provider.defaultRole as TSsoDefaultRole,
        }
      : null,
    redirectUri: ssoRedirectUri(publicUrl),
  };
}

/**
 * Requires two-factor of the brand's password members, or stops requiring it. The owner turning it on must have it
 * already, or the next request would shut them out of the very page that turns it off.
 */
export async function setTwoFactorRequirement(db: Db, actor: RequestActor, required: boolean) {
  if (required && !(await repo.userHasTwoFactor(db, actor.userId))) {
    throw invalid(
      [{ path: 'requireTwoFactor', message: 'turn two-factor on for your own account first' }],
      'Turn two-factor on for your own account first',
    );
  }
  await db.transaction(async (tx) => {
    const before = await repo.findBrandSecurity(tx, actor.brandId);
    if (before.requireTwoFactor === required) return;
    await repo.setRequireTwoFactor(tx, actor.brandId, required);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'brand.two_factor_requirement_changed',
      subject: { type: 'brand', id: actor.brandId },
      changes: [{ field: 'requireTwoFactor', old: before.requireTwoFactor, new: required }],
    });
  });
}

/**
 * Saves the brand's OpenID Connect provider. The issuer is checked against its discovery document before anything is
 * stored; each domain may belong to one brand only; the secret is stored encrypted and kept when left out.
 */
export async function saveOidcConfig(db: Db, cipher: ClientSecretCipher, actor: RequestActor, input: TOidcConfigInput) {
  try {
    await discover(input.issuer);
  } catch (error) {
    if (error instanceof OidcError)
      throw invalid([{ path: 'issuer', message: error.message }], 'The issuer cannot be used');
    throw error;
  }
  const secret = input.clientSecret?.trim() ?? '';
  await db.transaction(async (tx) => {
    const before = await repo.findBrandSecurity(tx, actor.brandId);
    if (secret === '' && !before.provider) throw invalid([{ path: 'clientSecret', message: 'required' }]);
    const taken = await repo.domainsTakenElsewhere(tx, actor.brandId, input.domains);
    if (taken.length > 0) {
      throw appError(ERROR_CODES.conflict, 'An email domain signs in through another brand already', [
        { path: 'domains', message: `already used by another brand: ${taken.join(', ')}` },
      ]);
    }
    await repo.upsertProvider(tx, actor.brandId, {
      issuer: input.issuer,
      clientId: input.clientId,
      clientSecretEncrypted: secret === '' ? before.provider!.clientSecretEncrypted : cipher.encrypt(secret),
      defaultRole: input.defaultRole,
      domains: input.domains,
    });
    const changes = [
      { field: 'issuer', old: before.provider?.issuer ?? null, new: input.issuer },
      { field: 'clientId', old: before.provider?.clientId ?? null, new: input.clientId },
      { field: 'domains', old: before.domains, new: input.domains },
      { field: 'defaultRole', old: before.provider?.defaultRole ?? null, new: input.defaultRole },
      // The secret itself never enters the log.
      ...(secret !== '' ? [{ field: 'clientSecret', old: before.provider ? '(set)' : null, new: '(changed)' }] : []),
    ].filter((c) => JSON.stringify(c.old) !== JSON.stringify(c.new));
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: before.provider ? 'brand.sso_updated' : 'brand.sso_configured',
      subject: { type: 'brand', id: actor.brandId },
      changes,
    });
  });
}

export async function removeOidcConfig(db: Db, actor: RequestActor) {
  await db.transaction(async (tx) => {
    const before = await repo.findBrandSecurity(tx, actor.brandId);
    if (!before.provider) throw appError(ERROR_CODES.notFound, 'No single sign-on is configured');
    await repo.deleteProvider(tx, actor.brandId);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'brand.sso_removed',
      subject: { type: 'brand', id: actor.brandId },
      changes: [
        { field: 'issuer', old: before.provider.issuer, new: null },
        { field: 'domains', old: before.domains, new: [] },
      ],
    });
  });
}
