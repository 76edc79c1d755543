import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TApiKey, TApiKeyCreated } from '@rally/domain';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { ApiKeysPanel } from './components/api-keys-page';

const SECRET = `rk_live_abcdefabcdef_${'s'.repeat(43)}`;

function keyFixture(over: Partial<TApiKey> = {}): TApiKey {
  return {
    id: 'abcdefabcdef',
    name: 'POS sync',
    prefix: 'rk_live_abcdefabcdef_',
    scopes: ['sales:write'],
    status: 'active',
    createdAt: 1_790_000_000,
    createdBy: 'Olivia Owner',
    expiresAt: null,
    lastUsedAt: null,
    revokedAt: null,
    replacedBy: null,
    ...over,
  };
}

describe('API keys screen', () => {
  it('asks for a name and a scope before calling the server', async () => {
    const api = stubFetch({ 'GET /api/api-keys': () => ({ body: { items: [] } }) });
    renderWithProviders(<ApiKeysPanel />);
    expect(await screen.findByText('No keys yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('choose at least one scope')).toBeTruthy();
    expect(api.to('POST', '/api/api-keys')).toHaveLength(0);
  });

  it('creates a key with its scopes and shows its secret once, to copy', async () => {
    const created: TApiKeyCreated = { key: keyFixture({ scopes: ['sales:write', 'reports:read'] }), secret: SECRET };
    const api = stubFetch({
      'GET /api/api-keys': () => ({ body: { items: [] } }),
      'POST /api/api-keys': () => ({ status: 201, body: created }),
    });
    renderWithProviders(<ApiKeysPanel />);
    fireEvent.change(await screen.findByRole('textbox', { name: /Name/ }), { target: { value: 'POS sync' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /sales:write/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /reports:read/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your key: POS sync' });
    expect(within(dialog).getByText(SECRET)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy key' })).toBeTruthy();
    expect(api.to('POST', '/api/api-keys')[0]!.body).toEqual({ name: 'POS sync', scopes: ['sales:write', 'reports:read'], expiresAt: null });
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it('lists keys with their last use and status, and revokes or rotates one after confirming', async () => {
    const rotated: TApiKeyCreated = { key: keyFixture({ id: 'zzzzzzzzzzzz', prefix: 'rk_live_zzzzzzzzzzzz_' }), secret: SECRET };
    const api = stubFetch({
      'GET /api/api-keys': () => ({ body: { items: [keyFixture({ lastUsedAt: 1_790_000_600 }), keyFixture({ id: 'oldoldoldold', name: 'Old CRM', status: 'revoked', revokedAt: 1_790_000_000 })] } }),
      'POST /api/api-keys/abcdefabcdef/revoke': () => ({ body: keyFixture({ status: 'revoked', revokedAt: 1_790_001_000 }) }),
      'POST /api/api-keys/abcdefabcdef/rotate': () => ({ status: 201, body: rotated }),
    });
    renderWithProviders(<ApiKeysPanel />);
    const row = (await screen.findByRole('rowheader', { name: 'POS sync' })).closest('tr')!;
    expect(within(row).getByText('Active')).toBeTruthy();
    // A revoked key offers no action.
    const old = screen.getByRole('rowheader', { name: 'Old CRM' }).closest('tr')!;
    expect(within(old).queryByRole('button')).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke POS sync' }));
    const confirmRevoke = await screen.findByRole('dialog', { name: 'Revoke POS sync?' });
    fireEvent.click(within(confirmRevoke).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(api.to('POST', '/api/api-keys/abcdefabcdef/revoke')).toHaveLength(1));

    fireEvent.click(within(row).getByRole('button', { name: 'Rotate POS sync' }));
    const confirmRotate = await screen.findByRole('dialog', { name: 'Rotate POS sync?' });
    fireEvent.click(within(confirmRotate).getByRole('button', { name: 'Rotate key' }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(api.to('POST', '/api/api-keys/abcdefabcdef/rotate')).toHaveLength(1);
  });
});
