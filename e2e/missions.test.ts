import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startAddingMission } from './support/builder-ui.js';
import { dragFileOver } from './support/drop-file.js';
import { solidPng } from './support/png.js';
import type { Harness } from './support/harness.js';
import { explainedA11yViolations, openSignedInPage, type SignedInPage } from './support/signed-in-page.js';

let harness: Harness;
let page: Page;
let shot: SignedInPage['shot'];
let closeSession: SignedInPage['close'] | undefined;

const a11y = () => explainedA11yViolations(page);

async function chooseOption(label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addQuestion(question: string, answers: string[], correct: number) {
  await page.getByRole('button', { name: 'Add question' }).click();
  const dialog = page.getByRole('dialog', { name: 'New question' });
  await dialog.getByRole('textbox', { name: 'Question' }).fill(question);
  for (const [index, answer] of answers.entries()) {
    const letter = String.fromCharCode(65 + index);
    if (index >= 2) await dialog.getByRole('button', { name: 'Add answer' }).click();
    await dialog.getByRole('textbox', { name: `Answer ${letter}`, exact: true }).fill(answer);
  }
  await dialog.getByRole('radio', { name: `Answer ${String.fromCharCode(65 + correct)} is correct` }).check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText(question, { exact: true }).waitFor();
}

async function itemTitles(): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Quiz questions' });
  await list.waitFor();
  return list
    .locator(':scope > li')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('p')?.textContent?.trim() ?? ''));
}

beforeAll(async () => {
  ({ harness, page, shot, close: closeSession } = await openSignedInPage({ shotPrefix: 'missions' }));
});

afterAll(() => closeSession?.());

describe('mission library and editor', () => {
  let editorUrl = '';

  it('lists the brand missions five a page without serious a11y violations', async () => {
    await page.goto('/mission');
    const table = page.getByRole('table', { name: 'Missions' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBeLessThanOrEqual(5);
    await shot('library');
    expect(await a11y()).toEqual([]);

    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/v3/mission?') && r.url().includes('type=learning'),
    );
    await chooseOption('Filter by type', 'Learning');
    await filtered;
    await table
      .locator('[aria-busy]')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    const types = await table.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['Learning']));
  });

  it('creates a learning mission that becomes ready with three answered questions', async () => {
    await page.getByRole('button', { name: 'New mission' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New mission' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Cooler know-how (e2e)');
    await chooseOption('Type', 'Learning');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Three questions about the cooler range.');
    await shot('create-modal');
    await dialog.getByRole('button', { name: 'Create mission' }).click();
    await page.waitForURL(/\/mission\/update\/\d+$/);
    editorUrl = page.url();

    await page.getByText('Add at least one question with a correct answer.').waitFor();
    await expect(page.getByText('Incomplete', { exact: true }).first().isVisible()).resolves.toBe(true);

    await addQuestion('Which lemon drink is sugar-free?', ['Lemon Zero', 'Lemon Classic'], 0);
    await addQuestion('How cold should the cooler be?', ['10 °C', '4 °C', '0 °C'], 1);
    await addQuestion('Where do new flavours go?', ['Bottom shelf', 'Eye level'], 1);

    await page
      .getByRole('heading', { name: 'Ready' })
      .or(page.getByText('Ready', { exact: true }).first())
      .first()
      .waitFor();
    await page.getByText('This mission has everything it needs and can be added to a campaign.').waitFor();
    expect(await itemTitles()).toEqual([
      'Which lemon drink is sugar-free?',
      'How cold should the cooler be?',
      'Where do new flavours go?',
    ]);
    await shot('editor-ready');
    expect(await a11y()).toEqual([]);
  });

  it('reorders a question with the keyboard and keeps the order after a reload', async () => {
    const handle = page.getByRole('button', { name: 'Move Where do new flavours go?' });
    await handle.focus();
    // dnd-kit announces each step in its live region; waiting for it keeps key presses in step with the drag.
    const announced = (text: string) =>
      page.getByRole('status').filter({ hasText: text }).first().waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await announced('Picked up Where do new flavours go?. It is in position 3 of 3.');
    await page.keyboard.press('ArrowUp');
    await announced('Where do new flavours go? was moved into position 2 of 3.');
    await page.keyboard.press('ArrowUp');
    await announced('Where do new flavours go? was moved into position 1 of 3.');
    const saved = page.waitForResponse((r) => r.url().includes('/update-order') && r.status() === 200);
    await page.keyboard.press('Space');
    const response = await saved;
    expect(response.request().postDataJSON()).toEqual({ order: 0 });

    await page.reload();
    await page.getByRole('list', { name: 'Quiz questions' }).waitFor();
    expect(await itemTitles()).toEqual([
      'Where do new flavours go?',
      'Which lemon drink is sugar-free?',
      'How cold should the cooler be?',
    ]);
  });

  it('adds the new mission to a learning campaign: passing grade 4 of 3 is refused, 2 is saved', async () => {
    const created = await page.request.post('/api/campaign/create-draft', { data: { type: 'learning' }, headers: { origin: harness.baseUrl } });
    const { id } = (await created.json()) as { id: number };
    await page.goto(`/campaign/${id}`);
    const dialog = await startAddingMission(page, 'Cooler know-how (e2e)');
    const grade = dialog.getByLabel('Passing grade');
    await grade.fill('4');
    await dialog.getByText('The passing grade can be at most 3.').waitFor();
    await grade.fill('2');
    await dialog.getByRole('button', { name: 'Add mission' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('mission-row').getByRole('link', { name: 'Cooler know-how (e2e)' }).waitFor();
    const missions = (await (await page.request.get(`/api/v3/bundle/${id}/mission`)).json()) as { items: { passingGrade: number }[] };
    expect(missions.items.map((m) => m.passingGrade)).toEqual([2]);
    await page.goto(editorUrl);
  });

  it('lists the questions five a page and moves one from the second page to the first', async () => {
    for (const n of [4, 5, 6, 7]) await addQuestion(`Paging question ${n}?`, ['Yes', 'No'], 0);
    // Adding shows the last page.
    expect(await itemTitles()).toEqual(['Paging question 6?', 'Paging question 7?']);
    const pages = page.getByRole('navigation', { name: 'Question pages' });
    expect(await pages.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe('page');

    // Dragging with the keyboard on page 2 sends the position in the whole list.
    await page.getByRole('button', { name: 'Move Paging question 7?', exact: true }).focus();
    await page.keyboard.press('Space');
    await page
      .getByRole('status')
      .filter({ hasText: 'It is in position 7 of 7.' })
      .first()
      .waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowUp');
    await page
      .getByRole('status')
      .filter({ hasText: 'moved into position 6 of 7.' })
      .first()
      .waitFor({ state: 'attached' });
    const dragged = page.waitForResponse((r) => r.url().includes('/update-order') && r.status() === 200);
    await page.keyboard.press('Space');
    expect((await dragged).request().postDataJSON()).toEqual({ order: 5 });
    expect(await itemTitles()).toEqual(['Paging question 7?', 'Paging question 6?']);

    await page.getByRole('button', { name: 'Change the position of Paging question 7?' }).click();
    const popover = page.getByRole('dialog', { name: 'Change the position of Paging question 7?' });
    await popover.getByRole('textbox', { name: 'New position' }).fill('1');
    await shot('editor-move-popover');
    expect(await a11y()).toEqual([]);
    const moved = page.waitForResponse((r) => r.url().includes('/update-order') && r.status() === 200);
    await popover.getByRole('button', { name: 'Move', exact: true }).click();
    expect((await moved).request().postDataJSON()).toEqual({ order: 0 });
    await expect
      .poll(itemTitles)
      .toEqual([
        'Paging question 7?',
        'Where do new flavours go?',
        'Which lemon drink is sugar-free?',
        'How cold should the cooler be?',
        'Paging question 4?',
      ]);
    expect(await pages.getByRole('button', { name: 'Page 1', exact: true }).getAttribute('aria-current')).toBe('page');
  });

  it('uploads a dropped PNG and shows its preview, also after a reload', async () => {
    expect(editorUrl).not.toBe('');
    const zone = page.getByTestId('media-dropzone');
    const dataTransfer = await dragFileOver(page, zone, 'cooler-front.png', 'image/png', solidPng(320, 200));
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v3/media/upload'));
    const saved = page.waitForResponse((r) => /\/api\/v3\/mission\/\d+\/update$/.test(r.url()));
    await zone.dispatchEvent('drop', { dataTransfer });
    expect((await uploaded).status()).toBe(201);
    expect((await saved).status()).toBe(200);

    const preview = page.getByRole('img', { name: 'cooler-front' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await shot('editor-media');

    await page.reload();
    await page.getByRole('img', { name: 'cooler-front' }).waitFor();
    // Saving the media keeps the rest of the mission as it was.
    expect(await page.getByRole('textbox', { name: 'Description' }).inputValue()).toBe(
      'Three questions about the cooler range.',
    );
    expect(await page.getByRole('button', { name: 'Save details' }).isDisabled()).toBe(true);
  });

  it('renames the media from the title popover', async () => {
    await page.getByRole('button', { name: 'Edit title' }).click();
    const input = page.getByRole('textbox', { name: 'File title' });
    await input.fill('Cooler front view');
    await page.getByRole('button', { name: 'Save title' }).click();
    await page.getByRole('img', { name: 'Cooler front view' }).waitFor();
  });

  it('opens the media library without serious a11y violations', async () => {
    await page.getByRole('button', { name: 'Replace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Media library' });
    await dialog.getByRole('button', { name: 'Choose Cooler front view' }).waitFor();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Choose Cooler front view' }).getAttribute('aria-pressed'))
      .toBe('true');
    // Let the opening transition finish so the screenshot shows the modal, not a fade.
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await shot('media-library');
    expect(await a11y()).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('rejects a dropped text file with an inline message', async () => {
    await page.getByRole('button', { name: 'Remove' }).click();
    const zone = page.getByTestId('media-dropzone');
    await zone.waitFor();
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
      return transfer;
    });
    await zone.dispatchEvent('drop', { dataTransfer });
    await page.getByRole('alert').filter({ hasText: '“notes.txt” is not an image or a video.' }).waitFor();
    await shot('editor-rejected-drop');
  });
});
