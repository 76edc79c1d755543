import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatZoned, parseZoned, type TFormData } from '@rally/domain';
import { dbSchema } from '@rally/server';
import type { Harness } from './support/harness.js';
import { explainedA11yViolations, openSignedInPage, type SignedInPage } from './support/signed-in-page.js';

// The launch modal (launch now, schedule, reschedule) end to end: real server, fresh seeded
// database, the in-process scheduler, Chromium.

const SHOTS = '/tmp/shots';
const DAY = 86_400;
const NY = 'America/New_York';
const MADRID = 'Europe/Madrid';

let harness: Harness;
let page: Page;
let shot: SignedInPage['shot'];
let closeSession: SignedInPage['close'] | undefined;

beforeAll(async () => {
  ({ harness, page, shot, close: closeSession } = await openSignedInPage({ shotPrefix: 'launch', shotDir: SHOTS }));
});

afterAll(() => closeSession?.());

const origin = () => ({ origin: harness.baseUrl });

/** explainedA11yViolations, judged with the pointer out of the way. */
async function a11y(): Promise<string[]> {
  // Judge resting colours: a button left under the pointer would be measured in its hover colours.
  await page.mouse.move(0, 0);
  return explainedA11yViolations(page);
}

const now = () => Math.floor(Date.now() / 1000);

/** `days` from now at `hhmm` wall time in `zone`, as the text the picker shows. */
function wallTime(days: number, hhmm: string, zone: string): string {
  return `${formatZoned(now() + days * DAY, zone).slice(0, 10)} ${hhmm}`;
}

function instant(text: string, zone: string): number {
  const parsed = parseZoned(text, zone);
  if (!parsed.ok) throw new Error(`${text} is not a time in ${zone}`);
  return parsed.epochSeconds;
}

/** The launch modal (a picker's open dropdown is a dialog too, so it is found by its title). */
const modal = (title: string) => page.getByRole('dialog', { name: title });

/** From the builder: Continue, choose "Schedule for later" and go past the first step to the settings. */
async function openScheduleSettings(): Promise<Locator> {
  await page.getByRole('button', { name: 'Continue' }).click();
  await modal('Launch campaign now').waitFor();
  await modal('Launch campaign now').getByRole('radio', { name: 'Schedule for later' }).click();
  const dialog = modal('Schedule campaign');
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  return dialog;
}

/**
 * Sets a date-time picker to `text` (YYYY-MM-DD HH:mm): opens it, moves the calendar to the month,
 * clicks the day, types the time and confirms.
 */
async function pickDateTime(dialog: Locator, label: string, text: string) {
  await dialog.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  const dropdown = page.getByRole('dialog').filter({ has: page.getByLabel('Hours') });
  await dropdown.waitFor();
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const monthName = new Date(Date.UTC(year, month - 1, 15)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  const dayButton = dropdown.getByRole('button', { name: `${day} ${monthName} ${year}`, exact: true });
  // The calendar opens on the current value's month (or today's); walk to the target's.
  for (let i = 0; i < 24 && (await dayButton.count()) === 0; i++) {
    const shown = new Date(`1 ${await dropdown.getByRole('button', { name: 'Choose a month' }).innerText()} UTC`);
    const later = shown.getTime() < Date.UTC(year, month - 1, 1);
    await dropdown.getByRole('button', { name: later ? 'Next month' : 'Previous month' }).click();
  }
  await dayButton.click();
  await dropdown.getByLabel('Hours').fill(text.slice(11, 13));
  await dropdown.getByLabel('Minutes').fill(text.slice(14, 16));
  await dropdown.getByRole('button', { name: 'Done' }).click();
  await dropdown.waitFor({ state: 'detached' });
  await dialog
    .getByRole('button', { name: new RegExp(`^${label}`) })
    .filter({ hasText: text })
    .waitFor();
}

async function expectEnabled(button: Locator) {
  await expect.poll(() => button.isEnabled()).toBe(true);
}

async function formData(id: number): Promise<TFormData> {
  const res = await page.request.get(`/api/v3/bundle/${id}/form-data`);
  expect(res.status()).toBe(200);
  return (await res.json()) as TFormData;
}

async function campaignIdByName(name: string): Promise<number> {
  const res = await page.request.get(`/api/campaign/bundle?filter=${encodeURIComponent(name)}`);
  const body = (await res.json()) as { items: { id: number; name: string }[] };
  const found = body.items.find((c) => c.name === name);
  if (!found) throw new Error(`no campaign named ${name}`);
  return found.id;
}

/**
 * A complete (100%) general draft made through the API as the builder would: a name, the seeded
 * cooler-check mission, and a $5-per-check money reward with a $200 budget, not yet paid.
 */
async function completeGeneralDraft(name: string): Promise<number> {
  const created = await page.request.post('/api/campaign/create-draft', {
    data: { type: 'general' },
    headers: origin(),
  });
  expect(created.status()).toBe(201);
  const draft = (await created.json()) as { id: number; version: number };
  const named = await page.request.post(`/api/v3/bundle/${draft.id}`, {
    data: { version: draft.version, name },
    headers: origin(),
  });
  expect(named.status()).toBe(200);
  const missions = await page.request.get(
    `/api/v3/bundle/${draft.id}/available-missions?currentPage=1&filter=${encodeURIComponent('Shelf check')}`,
  );
  const mission = ((await missions.json()) as { items: { id: number; selectable: boolean }[] }).items.find(
    (m) => m.selectable,
  );
  if (!mission) throw new Error('no shelf check mission to add');
  const added = await page.request.post(`/api/v3/bundle/${draft.id}/mission`, {
    data: { missionId: mission.id },
    headers: origin(),
  });
  expect(added.status()).toBeLessThan(300);
  const reward = await page.request.post('/api/reward/write/save-reward', {
    data: { bundleId: draft.id, type: 'money', title: '$5 per cooler check', amount: 500, budget: 20_000 },
    headers: origin(),
  });
  expect(reward.status()).toBe(200);
  // Opening the builder stores the recomputed progress.
  await page.goto(`/campaign/${draft.id}`);
  await page.getByTestId('progress-percent').filter({ hasText: '100%' }).waitFor({ timeout: 10_000 });
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 10_000 });
  return draft.id;
}

/** The list row of a campaign, by name. */
const listRow = (name: string) => page.getByRole('row').filter({ hasText: name });

describe('launch modal', () => {
  it('launches a general campaign now to two groups, paying its budget from the wallet', async () => {
    const name = 'Cooler promo (launch now)';
    const id = await completeGeneralDraft(name);

    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = modal('Launch campaign now');
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: 'Launch now' }).getAttribute('aria-checked')).toBe('true');
    expect(await a11y()).toEqual([]);
    await shot('choose');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    // Settings: ends by date, so a launch now asks the end here; Next waits for it.
    const next = dialog.getByRole('button', { name: 'Next', exact: true });
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByTestId('launch-primary').click();
    await dialog.getByText('Set the campaign end date.').waitFor();
    const end = wallTime(21, '18:00', NY);
    await pickDateTime(dialog, 'End date and time', end);
    await expectEnabled(next);

    // The wallet holds less than the $200 budget: the panel says what is missing.
    const status = (await (await page.request.get(`/api/v3/bundle/${id}/budget-status`)).json()) as {
      walletBalance: number;
      due: number;
    };
    expect(status.due).toBe(20_000);
    await next.click();
    const panel = dialog.getByTestId('budget-panel');
    await panel.waitFor();
    if (status.walletBalance < status.due) {
      await panel.getByTestId('budget-short').waitFor();
      expect(await panel.getByTestId('budget-due').innerText()).toBe('$200.00');
      await shot('settings-wallet-short');
      // Top the wallet up (billing has no screen yet), then check again.
      const me = (await (await page.request.get('/api/me')).json()) as { brand: { id: string } };
      await harness.database.db
        .insert(dbSchema.walletLedger)
        .values({ brandId: me.brand.id, kind: 'topup', amountCents: status.due - status.walletBalance + 5_000 });
      await dialog.getByRole('button', { name: 'Check again' }).click();
    }
    const pay = panel.getByRole('button', { name: 'Pay $200.00 from wallet' });
    await pay.waitFor();
    expect(await a11y()).toEqual([]);
    await shot('settings');
    await pay.click();

    // Reach: two groups.
    await dialog.getByTestId('launch-step-reach').waitFor();
    await dialog.getByRole('radio', { name: 'Specific groups' }).click();
    const launch = dialog.getByRole('button', { name: 'Launch now' });
    expect(await launch.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Select Flagship stores' }).click();
    await dialog.getByRole('checkbox', { name: 'Select Standard stores' }).click();
    await dialog.getByText('2 groups selected').waitFor();
    await expectEnabled(launch);
    expect(await a11y()).toEqual([]);
    await shot('reach-stores');

    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/campaign/${id}/status`));
    await launch.click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({
      action: 'launch',
      bundleId: id,
      scope: 'group',
      finishCriteria: ['days_over'],
      endDate: instant(end, NY),
      timeZone: NY,
    });

    await page.waitForURL((url) => url.pathname === '/campaign' && url.search === `?show-promotion=${id}`);
    await page.getByText('Your campaign has been launched.').waitFor();
    await listRow(name).getByText('Active', { exact: true }).waitFor();
    const launched = await (await page.request.get(`/api/campaign/bundle?filter=${encodeURIComponent(name)}`)).json();
    expect((launched as { items: { status: string; scope: { pks: number[] } }[] }).items[0]).toMatchObject({
      status: 'active',
    });
    expect((launched as { items: { scope: { pks: number[] } }[] }).items[0]?.scope.pks).toHaveLength(2);
    await shot('launched-list');
  });

  let consumerId = 0;
  const start = wallTime(30, '09:00', MADRID);
  const finish = wallTime(50, '20:00', MADRID);

  it('schedules a consumer campaign for the countries clicked on the map, one removed', async () => {
    consumerId = await campaignIdByName('Holiday gifting (draft)');
    await page.goto(`/campaign/${consumerId}`);
    await page.getByRole('heading', { name: 'Holiday gifting (draft)' }).waitFor();
    const dialog = await openScheduleSettings();

    // Settings: no end date here when scheduling; the discount's code expiry is.
    await dialog.getByTestId('launch-step-settings').waitFor();
    expect(await dialog.getByRole('button', { name: /^End date and time/ }).count()).toBe(0);
    await dialog.getByTestId('reward-end-date').waitFor();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    // Reach: three countries on the map, then one removed from the list.
    await dialog.getByTestId('launch-step-reach').waitFor();
    const map = dialog.getByRole('img', { name: 'World map of the selected countries' });
    for (const code of ['BR', 'CN', 'IN']) {
      await map.locator(`path[data-code="${code}"]`).click();
      await map.locator(`path[data-code="${code}"][data-selected]`).waitFor();
    }
    const removeButtons = dialog.getByRole('button', { name: /^Remove / });
    await expect.poll(() => removeButtons.count()).toBe(3);
    await dialog.getByRole('button', { name: /^Remove .*China$/ }).click();
    await expect.poll(() => removeButtons.count()).toBe(2);
    expect(await a11y()).toEqual([]);
    await shot('reach-map');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    // Schedule in the campaign's zone: a new start clears the end.
    await dialog.getByTestId('launch-step-schedule').waitFor();
    expect(await dialog.getByTestId('time-zone-select').inputValue()).toContain('Europe/Madrid');
    await pickDateTime(dialog, 'Start date and time', start);
    expect(await dialog.getByRole('button', { name: /^End date and time/ }).innerText()).not.toMatch(
      /\d{4}-\d{2}-\d{2}/,
    );
    await dialog.getByText('Set the campaign end date.').waitFor();
    await pickDateTime(dialog, 'End date and time', finish);
    expect(await a11y()).toEqual([]);
    await shot('schedule');

    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/campaign/${consumerId}/status`));
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/campaign' && url.search === '');
    await page.getByText('Your campaign has been scheduled.').waitFor();

    const { campaign } = await formData(consumerId);
    expect(campaign.status).toBe('scheduled');
    expect(campaign.startDate).toBe(instant(start, MADRID));
    expect(campaign.endDate).toBe(instant(finish, MADRID));
    expect(campaign.scope.selectedCountries.map((c) => c.code).sort()).toEqual(['BR', 'IN']);
    expect(campaign.scope.countryCodes.sort()).toEqual(['BR', 'IN']);
  });

  it("reschedules it from the builder's Edit schedule, prefilled, and shows the new dates", async () => {
    expect(consumerId).toBeGreaterThan(0);
    await page.goto(`/campaign/${consumerId}`);
    await page.getByRole('button', { name: 'Edit schedule' }).click();
    const dialog = modal('Edit schedule');
    await dialog.waitFor();
    // Straight to Schedule, no step bar, the saved values filled in.
    expect(await dialog.locator('.mantine-Stepper-root').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /^Start date and time/ }).innerText()).toContain(start);
    expect(await dialog.getByRole('button', { name: /^End date and time/ }).innerText()).toContain(finish);
    expect(await dialog.getByTestId('time-zone-select').inputValue()).toContain('Europe/Madrid');

    const newStart = wallTime(35, '09:30', MADRID);
    const newEnd = wallTime(55, '21:15', MADRID);
    await pickDateTime(dialog, 'Start date and time', newStart);
    await pickDateTime(dialog, 'End date and time', newEnd);
    expect(await a11y()).toEqual([]);
    await shot('reschedule');
    await dialog.getByRole('button', { name: 'Save schedule' }).click();

    await page.getByText('The campaign schedule has been updated.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/campaign/${consumerId}`);
    const schedule = page.getByRole('region', { name: 'Schedule' });
    await schedule.getByText(newStart).waitFor();
    await schedule.getByText(newEnd).waitFor();
    await shot('rescheduled-builder');
    const { campaign } = await formData(consumerId);
    expect(campaign.startDate).toBe(instant(newStart, MADRID));
    expect(campaign.status).toBe('scheduled');
  });

  it('the scheduler activates a campaign scheduled a minute ahead', async () => {
    const name = 'Cooler promo (one minute)';
    await completeGeneralDraft(name);
    const dialog = await openScheduleSettings();
    // Ends when the budget runs out: no end date to enter.
    await dialog.getByRole('checkbox', { name: /The budget runs out/ }).check();
    await dialog.getByRole('checkbox', { name: /The end date is reached/ }).uncheck();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByTestId('launch-step-reach').waitFor();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    // The next whole minute at least 40 s away, in the campaign's zone.
    const startAt = Math.ceil((now() + 40) / 60) * 60;
    const startText = formatZoned(startAt, NY);
    await pickDateTime(dialog, 'Start date and time', startText);
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/campaign');
    await page.getByText('Your campaign has been scheduled.').waitFor();
    await listRow(name).getByText('Scheduled', { exact: true }).waitFor();

    const deadline = Date.now() + 150_000;
    for (;;) {
      await page.goto('/campaign');
      const row = listRow(name);
      await row.waitFor();
      if ((await row.getByText('Active', { exact: true }).count()) > 0) break;
      if (Date.now() > deadline) throw new Error(`${name} was not activated within 150 s of ${startText}`);
      await page.waitForTimeout(5_000);
    }
    // Not before its start.
    expect(now()).toBeGreaterThanOrEqual(startAt);
  }, 240_000);
});
