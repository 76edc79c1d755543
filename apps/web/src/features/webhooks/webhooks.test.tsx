import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WEBHOOK_EVENT_TYPES, type TWebhookEndpoint, type TWebhookEndpointWithSecret, type TWebhookMessage } from '@rally/domain';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { WebhooksPanel } from './components/webhooks-page';

const SECRET = `whsec_${'A'.repeat(43)}=`;

function endpointFixture(over: Partial<TWebhookEndpoint> = {}): TWebhookEndpoint {
  return {
    id: 7,
    url: 'https://hooks.example.com/rally',
    description: 'CRM',
    events: ['reward.unlocked'],
    enabled: true,
    disabledReason: null,
    consecutiveFailures: 0,
    previousSecretUntil: null,
    createdAt: 1_790_000_000,
    ...over,
  };
}

const message: TWebhookMessage = {
  id: 31,
  messageId: 'msg_abc',
  eventType: 'reward.unlocked',
  status: 'failed',
  attempts: 1,
  createdAt: 1_790_000_100,
  nextAttemptAt: null,
  deliveredAt: null,
  log: [
    {
      id: 1,
      at: 1_790_000_101,
      requestHeaders: { 'webhook-id': 'msg_abc', 'webhook-signature': 'v1,…' },
      requestBody: '{"type":"reward.unlocked"}',
      responseStatus: 500,
      responseBody: 'receiver says no',
      error: 'answered 500',
      durationMs: 12,
      replay: false,
    },
  ],
};

describe('Webhooks screen', () => {
  it('adds an endpoint with the events checked and shows its signing secret once', async () => {
    const created: TWebhookEndpointWithSecret = { endpoint: endpointFixture({ events: ['reward.unlocked', 'code.issued'] }), secret: SECRET };
    const api = stubFetch({
      'GET /api/webhooks': () => ({ body: { items: [], events: [...WEBHOOK_EVENT_TYPES] } }),
      'POST /api/webhooks': () => ({ status: 201, body: created }),
    });
    renderWithProviders(<WebhooksPanel />);
    expect(await screen.findByText('No endpoints yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('choose at least one event')).toBeTruthy();
    expect(api.to('POST', '/api/webhooks')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /URL/ }), { target: { value: 'https://hooks.example.com/rally' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /reward\.unlocked/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /code\.issued/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByText(SECRET)).toBeTruthy();
    expect(api.to('POST', '/api/webhooks')[0]!.body).toEqual({ url: 'https://hooks.example.com/rally', description: '', events: ['reward.unlocked', 'code.issued'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it('shows an endpoint turned off after failures, turns it on, and replays a delivery from its log', async () => {
    const url = 'https://hooks.example.com/rally';
    let on = false;
    const api = stubFetch({
      'GET /api/webhooks': () => ({
        body: { items: [on ? endpointFixture() : endpointFixture({ enabled: false, disabledReason: 'failures', consecutiveFailures: 15 })], events: [...WEBHOOK_EVENT_TYPES] },
      }),
      'PATCH /api/webhooks/7': () => {
        on = true;
        return { body: endpointFixture() };
      },
      'GET /api/webhooks/7/messages': () => ({ body: { items: [message] } }),
      'POST /api/webhooks/7/messages/31/replay': () => ({ status: 202, body: { ...message, status: 'pending', log: [] } }),
    });
    renderWithProviders(<WebhooksPanel />);
    expect(await screen.findByText('Off after 15 failures')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Turn on ${url}` }));
    await waitFor(() => expect(api.to('PATCH', '/api/webhooks/7')[0]?.body).toEqual({ enabled: true }));

    fireEvent.click(screen.getByRole('button', { name: `Deliveries of ${url}` }));
    const log = await screen.findByRole('region', { name: `Deliveries to ${url}` });
    expect(await within(log).findByText('Given up')).toBeTruthy();
    await waitFor(() => expect((within(log).getByRole('button', { name: 'Replay msg_abc' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(log).getByRole('button', { name: 'Replay msg_abc' }));
    expect(await within(log).findByText('Queued to send again')).toBeTruthy();
    expect(api.to('POST', '/api/webhooks/7/messages/31/replay')).toHaveLength(1);
    fireEvent.click(within(log).getByRole('button', { name: 'Details of msg_abc' }));
    const details = await screen.findByRole('dialog', { name: 'msg_abc' });
    expect(within(details).getByText(/receiver says no/)).toBeTruthy();
    fireEvent.click(within(details).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
