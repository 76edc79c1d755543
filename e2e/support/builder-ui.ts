import type { Locator, Page } from 'playwright-core';

/** Opens the wizard, picks a library mission and moves to its details. */
export async function startAddingMission(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add mission' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add mission' });
  await dialog.waitFor();
  await dialog.getByText('Select a mission to continue.').waitFor();
  await dialog.getByRole('radio', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText(`Mission: ${title}`).waitFor();
  return dialog;
}

