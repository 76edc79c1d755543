import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TPromoteLog } from '@rally/domain';
import { PromoteDialog } from './components/promote-dialog';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';

const recipients = {
  items: [
    { storeId: 1, name: 'Downtown', city: 'Austin', countryCode: 'US', emails: 2 },
    { storeId: 2, name: 'Harbour', city: 'Miami', countryCode: 'US', emails: 1 },
    { storeId: 3, name: 'No staff', city: '', countryCode: 'US', emails: 0 },
  ],
  truncated: false,
  dailyLimit: 200,
  remainingToday: 150,
};

describe('promote dialog', () => {
  it('offers the reach\'s stores with addresses, previews the template, sends the chosen ones and shows the delivery log', async () => {
    let log: TPromoteLog = { items: [], counts: { queued: 0, sent: 0, failed: 0, unsubscribed: 0 } };
    const api = stubFetch({
      'GET /api/campaign/7/promote/recipients': () => ({ body: recipients }),
      'GET /api/campaign/7/promote/preview': (r) => ({
        body: { subject: `${r.url.searchParams.get('emailTemplate')} subject`, html: '<p>Hello Main Street team</p>', text: 'Hello' },
      }),
      'GET /api/campaign/7/promote/log': () => ({ body: log }),
      'POST /api/campaign/7/promote': () => {
        log = {
          items: [{ id: 1, sendId: 1, storeName: 'Downtown', email: 'mgr@downtown.test', status: 'sent', error: null, createdAt: 1, sentAt: 2 }],
          counts: { queued: 0, sent: 1, failed: 0, unsubscribed: 0 },
        };
        return { body: { sendId: 1, queued: 2, unsubscribed: 0, remainingToday: 148 } };
      },
    });
    renderWithProviders(<PromoteDialog campaignId={7} name="Cooler check" opened onClose={() => {}} />);
    expect(await screen.findByText('Promote Cooler check to stores')).toBeTruthy();
    const all = await screen.findByLabelText('Select all 2 stores');
    expect((all as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/No staff/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('150 of 200 mails left for your brand in the next 24 hours')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/Subject/) as HTMLInputElement).value).toBe('announcement subject'));
    expect(screen.getByTitle('Email preview').getAttribute('srcdoc')).toContain('Hello Main Street team');
    // Leave out Harbour: 2 mails to Downtown.
    fireEvent.click(screen.getByLabelText(/Harbour/));
    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: 'Our campaign is live' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send 2 mails' }));
    await waitFor(() => expect(api.to('POST', '/api/campaign/7/promote')).toHaveLength(1));
    expect(api.to('POST', '/api/campaign/7/promote')[0]!.body).toEqual({
      retailers: [1],
      emailTemplate: 'announcement',
      emailSubject: 'Our campaign is live',
      language: 'en',
    });
    const table = await screen.findByTestId('promote-log');
    expect(within(table).getByText('mgr@downtown.test')).toBeTruthy();
    expect(within(table).getByText('Sent')).toBeTruthy();
  });
});
