import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TNotificationChoices, TNotificationList } from '@rally/domain';
import { stubFetch } from '../test/fetch-stub';
import { PlayI18nProvider } from './play-i18n';
import { InboxScreen } from './screens/inbox-screen';
import { NotificationChoices } from './screens/notification-choices';

const list: TNotificationList = {
  items: [
    {
      id: 9,
      kind: 'entry-rejected',
      campaignId: 5,
      data: { campaignName: 'Juice week', rewardTitle: null, missionTitle: 'Sell juice', reason: 'Blurry photo', endsAt: null },
      createdAt: 1_772_400_000,
      read: false,
    },
    {
      id: 8,
      kind: 'campaign-launched',
      campaignId: 5,
      data: { campaignName: 'Juice week', rewardTitle: null, missionTitle: null, reason: null, endsAt: null },
      createdAt: 1_772_300_000,
      read: true,
    },
  ],
  unread: 1,
};

const choices = (over: Partial<TNotificationChoices> = {}): TNotificationChoices => ({
  choices: (['campaign-launched', 'reward-unlocked', 'entry-accepted', 'entry-rejected', 'prize-assigned', 'campaign-ending'] as const).flatMap((kind) =>
    (['push', 'mail'] as const).map((channel) => ({ kind, channel, enabled: channel === 'push' })),
  ),
  canMail: true,
  pushDevices: 0,
  ...over,
});

afterEach(() => window.history.pushState(null, '', '/'));

describe('/play inbox', () => {
  it('shows each item in words with the reason of a rejection, and marks the unread ones read', async () => {
    const api = stubFetch({
      'GET /api/play/notifications': () => ({ body: list }),
      'POST /api/play/notifications/read': () => ({ body: { unread: 0 } }),
    });
    let unread = -1;
    render(
      <PlayI18nProvider initial="en">
        <InboxScreen onUnread={(n) => (unread = n)} />
      </PlayI18nProvider>,
    );
    const items = within(await screen.findByRole('list', { name: 'Inbox' }));
    expect(items.getByText(/Entry not accepted/)).toBeTruthy();
    expect(items.getByText('Your entry for Sell juice in Juice week was not accepted. Reason: Blurry photo')).toBeTruthy();
    expect(items.getByText(/New campaign: Juice week/)).toBeTruthy();
    await waitFor(() => expect(api.to('POST', '/api/play/notifications/read').map((r) => r.body)).toEqual([{ ids: [9] }]));
    await waitFor(() => expect(unread).toBe(0));
  });
});

describe('NotificationChoices', () => {
  it('saves a ticked choice per kind and channel, and says when mail cannot be chosen', async () => {
    const api = stubFetch({
      'GET /api/play/notifications/choices': () => ({ body: choices() }),
      'POST /api/play/notifications/choices': () => ({ body: choices({ choices: choices().choices.map((c) => (c.kind === 'reward-unlocked' && c.channel === 'mail' ? { ...c, enabled: true } : c)) }) }),
    });
    render(
      <PlayI18nProvider initial="en">
        <NotificationChoices />
      </PlayI18nProvider>,
    );
    const mail = await screen.findByRole('checkbox', { name: 'Reward unlocked — Email' });
    expect((mail as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Reward unlocked — Push' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(mail);
    await screen.findByText('Saved.');
    expect(api.to('POST', '/api/play/notifications/choices').map((r) => r.body)).toEqual([{ choices: [{ kind: 'reward-unlocked', channel: 'mail', enabled: true }] }]);
    expect((screen.getByRole('checkbox', { name: 'Reward unlocked — Email' }) as HTMLInputElement).checked).toBe(true);
  });

  it('disables mail without an address on the account', async () => {
    stubFetch({ 'GET /api/play/notifications/choices': () => ({ body: choices({ canMail: false }) }) });
    render(
      <PlayI18nProvider initial="en">
        <NotificationChoices />
      </PlayI18nProvider>,
    );
    expect(((await screen.findByRole('checkbox', { name: 'Prize assigned to me — Email' })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/no email address on your account/)).toBeTruthy();
  });
});
