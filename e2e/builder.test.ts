import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { startAddingMission } from './support/builder-ui.js';
import { ARTIFACTS, seriousA11yViolations, startHarness, type Harness } from './support/harness.js';

// The campaign builder (issue 3) and its mission wizard (issue 4), end to end:
// real server, fresh seeded database, Chromium.

let harness: Harness;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, `builder-${name}.png`), fullPage: true });

/** seriousA11yViolations, plus the offending nodes when there are any, so a failure says where. */
async function a11y(page: Page): Promise<string[]> {
  const violations = await seriousA11yViolations(page);
  if (violations.length === 0) return violations;
  const result = await new AxeBuilder({ page }).analyze();
  for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
    for (const node of v.nodes) console.error(v.id, node.target.join(' '), node.failureSummary);
  }
  return violations;
}

async function signedInPage() {
  const { context, page } = await harness.newPage();
  await harness.signIn(page, 'owner@brand.test');
  return { context, page };
}

/** The autosave indicator shows "Saving…" (at least a second) and then "All changes saved". */
async function expectSavingThenSaved(page: Page) {
  const indicator = page.getByRole('status').filter({ hasText: /Saving…|All changes saved|not saved/ });
  await indicator.filter({ hasText: 'Saving…' }).waitFor();
  await indicator.filter({ hasText: 'All changes saved' }).waitFor({ timeout: 10_000 });
}

async function missionTitles(page: Page): Promise<string[]> {
  const rows = page.getByTestId('mission-row');
  const count = await rows.count();
  const titles: string[] = [];
  for (let i = 0; i < count; i++) titles.push((await rows.nth(i).getByRole('link').innerText()).trim());
  return titles;
}

async function waitForTitles(page: Page, expected: string[]) {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (JSON.stringify(await missionTitles(page)) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  expect(await missionTitles(page)).toEqual(expected);
}

async function progressText(page: Page) {
  return (await page.getByTestId('progress-percent').innerText()).trim();
}

async function waitForProgress(page: Page, expected: string) {
  await page.getByTestId('progress-percent').filter({ hasText: expected }).waitFor({ timeout: 10_000 });
}

async function addLearningMission(page: Page, title: string, grade: number) {
  const dialog = await startAddingMission(page, title);
  await dialog.getByLabel('Passing grade').fill(String(grade));
  await dialog.getByRole('button', { name: 'Add mission' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('mission-row').getByRole('link', { name: title }).waitFor();
}

async function campaignIdByName(page: Page, name: string): Promise<number> {
  const res = await page.request.get(`/api/campaign/bundle?filter=${encodeURIComponent(name)}`);
  const body = (await res.json()) as { items: { id: number; name: string }[] };
  const found = body.items.find((c) => c.name === name);
  if (!found) throw new Error(`no campaign named ${name}`);
  return found.id;
}

describe('campaign builder', () => {
  it('builds a learning campaign: type, name, three missions through the wizard, reorder by mouse and keyboard', async () => {
    const { context, page } = await signedInPage();
    try {
      await page.getByRole('button', { name: 'New campaign' }).click();
      await page.getByRole('menuitem', { name: 'General' }).click();
      await page.waitForURL(/\/campaign\/\d+$/);
      await page.getByRole('heading', { name: 'Untitled campaign' }).waitFor();
      expect(await progressText(page)).toBe('0%');

      // Type: a segmented control while the campaign is a draft.
      await page.getByRole('radiogroup', { name: 'Campaign type' }).getByText('Learning', { exact: true }).click();
      await expectSavingThenSaved(page);
      expect(await page.getByRole('radio', { name: 'Learning' }).isChecked()).toBe(true);

      // Name: counter, autosave after typing stops, progress moves.
      const name = page.getByLabel('Campaign name');
      await name.fill('Spring product training');
      await page.getByText('23/50').waitFor();
      await expectSavingThenSaved(page);
      await waitForProgress(page, '33%');
      await page.getByRole('heading', { name: 'Spring product training' }).waitFor();

      // Mission 1 with an out-of-range passing grade first (3 questions): the error shows, then a valid one.
      let dialog = await startAddingMission(page, 'Cold brew 101');
      const grade = dialog.getByLabel('Passing grade');
      await grade.fill('4');
      await dialog.getByText('The passing grade can be at most 3.').waitFor();
      expect(await a11y(page)).toEqual([]);
      await shot(page, 'wizard-grade-error');
      await dialog.getByRole('button', { name: 'Add mission' }).click();
      // Still open: the wizard refuses to save an invalid grade.
      await dialog.getByText('The passing grade can be at most 3.').waitFor();
      await grade.fill('2');
      expect(await dialog.getByText('The passing grade can be at most 3.').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Add mission' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waitForProgress(page, '67%');

      await addLearningMission(page, 'Meet the Sparkling range', 3);
      // The select step in the wizard: axe on the modal with its list.
      await page.getByRole('button', { name: 'Add mission' }).click();
      dialog = page.getByRole('dialog', { name: 'Add mission' });
      await dialog.getByRole('radio', { name: /Responsible selling basics/ }).waitFor();
      await shot(page, 'wizard-select');
      expect(await a11y(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await addLearningMission(page, 'Responsible selling basics', 1);

      await waitForTitles(page, ['Cold brew 101', 'Meet the Sparkling range', 'Responsible selling basics']);
      // The third one is still incomplete in the library: the page says so.
      await page.getByText('Some missions are incomplete').waitFor();
      await shot(page, 'three-missions');

      // Reorder by mouse: drag the third row's handle above the first.
      const handles = page.getByTestId('mission-drag-handle');
      await page.getByRole('heading', { name: /Missions/ }).scrollIntoViewIfNeeded();
      await handles.nth(2).hover();
      const from = await handles.nth(2).boundingBox();
      const to = await page.getByTestId('mission-row').nth(0).boundingBox();
      if (!from || !to) throw new Error('no handle box');
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 12; i++) {
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y + 8 - from.y) * i) / 12);
        await page.waitForTimeout(16);
      }
      await page.mouse.up();
      await waitForTitles(page, ['Responsible selling basics', 'Cold brew 101', 'Meet the Sparkling range']);
      await expectSavingThenSaved(page);

      // Reorder by keyboard: focus the first handle, Space to lift, ArrowDown twice, Space to drop.
      await page.getByRole('button', { name: 'Reorder Responsible selling basics' }).focus();
      await page.keyboard.press('Space');
      await page.waitForTimeout(150);
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(150);
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(150);
      await page.keyboard.press('Space');
      await waitForTitles(page, ['Cold brew 101', 'Meet the Sparkling range', 'Responsible selling basics']);
      await expectSavingThenSaved(page);
      // And back up one with ArrowUp.
      await page.getByRole('button', { name: 'Reorder Meet the Sparkling range' }).focus();
      await page.keyboard.press('Space');
      await page.waitForTimeout(150);
      await page.keyboard.press('ArrowUp');
      await page.waitForTimeout(150);
      await page.keyboard.press('Space');
      await waitForTitles(page, ['Meet the Sparkling range', 'Cold brew 101', 'Responsible selling basics']);
      await expectSavingThenSaved(page);

      // The order survives a reload.
      await page.reload();
      await page.getByRole('heading', { name: 'Spring product training' }).waitFor();
      await waitForTitles(page, ['Meet the Sparkling range', 'Cold brew 101', 'Responsible selling basics']);
      expect(await page.getByLabel('Campaign name').inputValue()).toBe('Spring product training');

      expect(await a11y(page)).toEqual([]);
      await shot(page, 'learning-after-reload');

      // The activity panel lists what happened.
      await page.getByRole('button', { name: 'Activity' }).click();
      const drawer = page.getByRole('dialog', { name: 'Activity' });
      await drawer.getByText('Missions reordered').first().waitFor();
      await drawer.getByText('Spring product training').first().waitFor();
      await shot(page, 'activity');
    } finally {
      await context.close();
    }
  });

  it('asks before closing the mission wizard with typed changes: Keep editing keeps them, Discard saves nothing', async () => {
    const { context, page } = await signedInPage();
    try {
      const created = await page.request.post('/api/campaign/create-draft', {
        data: { type: 'learning' },
        headers: { origin: harness.baseUrl },
      });
      expect(created.status()).toBe(201);
      const draft = (await created.json()) as { id: number };
      await page.goto(`/campaign/${draft.id}`);
      const dialog = await startAddingMission(page, 'Cold brew 101');
      await dialog.getByLabel('Passing grade').fill('2');
      await page.keyboard.press('Escape');
      const confirm = page.getByRole('dialog', { name: 'Discard your changes?' });
      await confirm.getByText('What you entered in this window has not been saved.').waitFor();
      await confirm.getByRole('button', { name: 'Keep editing' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await dialog.getByLabel('Passing grade').inputValue()).toBe('2');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page
        .getByRole('dialog', { name: 'Discard your changes?' })
        .getByRole('button', { name: 'Discard changes' })
        .click();
      await dialog.waitFor({ state: 'detached' });
      const form = await (await page.request.get(`/api/v3/bundle/${draft.id}/form-data`)).json();
      expect(form.missions).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('adds a contest mission with a sales leaderboard and custom rules', async () => {
    const { context, page } = await signedInPage();
    try {
      const id = await campaignIdByName(page, 'Store vs store: Q4 showdown');
      await page.goto(`/campaign/${id}`);
      await page.getByRole('heading', { name: 'Store vs store: Q4 showdown' }).waitFor();

      const dialog = await startAddingMission(page, 'Sell the Sparkling range');
      await dialog.getByRole('radio', { name: 'Sales amount' }).check();
      expect(await dialog.getByRole('checkbox', { name: 'Total sales amount' }).isChecked()).toBe(true);
      await dialog.getByRole('switch', { name: /Use custom rules/ }).check({ force: true });
      await dialog.getByRole('button', { name: 'Add mission' }).click();
      await dialog.getByText(/Please enter information/).waitFor();
      await shot(page, 'wizard-contest-error');
      await dialog.getByLabel('Custom rules URL').fill('https://rally.example/rules/q4');
      expect(await a11y(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Add mission' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByTestId('mission-row')
        .getByText(/ranked by sales/)
        .waitFor();

      const formData = (await (await page.request.get(`/api/v3/bundle/${id}/form-data`)).json()) as {
        missions: {
          contest: {
            rankLeadersBasedOn: string;
            displayLeadersByTotalSalesAmount: boolean;
            rulesAndRegulations: { useCustom: boolean; customUrl: string };
          };
        }[];
      };
      expect(formData.missions[0]?.contest).toMatchObject({
        rankLeadersBasedOn: 'sales_amount',
        displayLeadersByTotalSalesAmount: true,
        rulesAndRegulations: { useCustom: true, customUrl: 'https://rally.example/rules/q4' },
      });
      // One mission per contest: Add mission now explains why it is disabled.
      expect(await page.getByRole('button', { name: 'Add mission' }).isDisabled()).toBe(true);
      await shot(page, 'contest');
    } finally {
      await context.close();
    }
  });

  it('sends ended and active campaigns back to the list; the view page ends an active one', async () => {
    const { context, page } = await signedInPage();
    try {
      const id = await campaignIdByName(page, 'Spring store opening checklist');
      await page.goto(`/campaign/${id}`);
      await page.waitForURL((url: URL) => url.pathname === '/campaign');
      // The read-only view still shows it.
      await page.goto(`/campaign-view/${id}`);
      await page.getByRole('heading', { name: 'Spring store opening checklist' }).waitFor();
      expect(await page.getByRole('button', { name: 'Add mission' }).count()).toBe(0);
      await shot(page, 'ended-view');

      // The owner ends an active campaign from its read-only view.
      const active = await campaignIdByName(page, 'Cooler check every Monday');
      await page.goto(`/campaign/${active}`);
      await page.waitForURL((url: URL) => url.pathname === '/campaign');
      await page.goto(`/campaign-view/${active}`);
      await page.getByRole('button', { name: 'End campaign' }).click();
      await page
        .getByRole('dialog', { name: 'End “Cooler check every Monday” now?' })
        .getByRole('button', { name: 'End campaign' })
        .click();
      await page.getByText('Ended', { exact: true }).waitFor();
      // Once the dialog has gone and the campaign is ended, the action is gone too.
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'End campaign' }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('speaks French: the builder of a seeded draft with its dates in the campaign zone', async () => {
    const { context, page } = await signedInPage();
    try {
      // The language choice the switcher stores; the app reads it on start.
      await page.evaluate(() => window.localStorage.setItem('rally.language', 'fr'));
      const id = await campaignIdByName(page, 'Holiday gifting (draft)');
      await page.goto(`/campaign/${id}`);
      await page.getByRole('heading', { name: 'Holiday gifting (draft)' }).waitFor();
      await page.getByText('Éditeur de campagne').waitFor();
      await page.getByRole('button', { name: 'Ajouter une récompense' }).waitFor();
      // Start, end and created, all in the campaign's Europe/Madrid zone as YYYY-MM-DD HH:mm with the zone's name.
      expect(await page.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\+\d$/).count()).toBe(3);
      await shot(page, 'french');
    } finally {
      await context.close();
    }
  });
});
