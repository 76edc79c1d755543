import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TManagedStoreList } from '@rally/domain';
import { startSmtpCapture, type SmtpCapture } from '../apps/server/src/testing/smtp-capture.js';
import { ARTIFACTS, freePort, startHarness, type Harness } from './support/harness.js';

let h: Harness;
let mail: SmtpCapture;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  mail = await startSmtpCapture();
  // A known port: the invitation's /play link is built from PUBLIC_URL and followed by the browser.
  h = await startHarness({ port: await freePort(), env: { SMTP_URL: mail.url } });
}, 300_000);
afterAll(async () => {
  await h?.close();
  await mail?.close();
});

describe('store staff', () => {
  it('a retailer imports its staff list with a preview and a summary, sees them in the store, and invites an employee who gets the /play link', async () => {
    const { context, page } = await h.newPage();
    await h.signIn(page, 'retailer@retail.test');

    // Two of the retailer's stores, by their references.
    const list = await page.request.post('/api/store/read/store/list', { data: { sort: 'storeName', perPage: 20 }, headers: { 'x-rally-request': '1' } });
    const stores = ((await list.json()) as TManagedStoreList).items.filter((s) => s.refId);
    expect(stores.length).toBeGreaterThanOrEqual(2);
    const [north, south] = stores as [(typeof stores)[0], (typeof stores)[0]];

    const file = path.join(ARTIFACTS, 'staff-import.csv');
    writeFileSync(
      file,
      [
        'email,name,store,role,language',
        `nora.import@staff-e2e.test,Nora Import,${north.refId},staff,es`,
        `sam.import@staff-e2e.test,Sam Import,${south.refId},manager,en`,
        `broken-address,Nobody,${north.refId},staff,`,
      ].join('\n'),
    );

    await page.goto('/stores');
    await page.getByRole('link', { name: 'Import staff' }).click();
    await page.waitForURL(/\/stores\/staff-import$/);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file' }).click();
    await (await chooser).setFiles(file);

    // The preview: every row with what would happen; nothing saved yet.
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => preview.getByTestId('staff-import-added').textContent()).toBe('2');
    await expect.poll(() => preview.getByTestId('staff-import-refused').textContent()).toBe('1');
    expect(await preview.getByText('Not a valid email address').count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'staff-import-preview.png'), fullPage: true });

    await page.getByRole('button', { name: 'Apply (2 changes)' }).click();
    const summary = page.getByRole('region', { name: 'Import summary' });
    await expect.poll(() => summary.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => summary.getByTestId('staff-import-added').textContent()).toBe('2');
    await expect.poll(() => summary.getByRole('region', { name: 'Refused rows' }).getByText('broken-address').count()).toBe(1);
    await page.screenshot({ path: path.join(ARTIFACTS, 'staff-import-summary.png'), fullPage: true });

    // The store page lists the imported person.
    await page.goto(`/stores/${north.id}`);
    const staff = page.getByRole('region', { name: 'Staff' });
    await expect.poll(() => staff.getByRole('cell', { name: 'Nora Import', exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect(await staff.getByRole('cell', { name: 'nora.import@staff-e2e.test' }).count()).toBe(1);

    // Invite one more employee, in French; the mail carries the /play link in their language.
    await staff.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a person to this store' });
    await dialog.getByLabel('Name').fill('Inès Invitée');
    await dialog.getByLabel('Email').fill('ines.invite@staff-e2e.test');
    await dialog.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'French' }).click();
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    await expect.poll(() => staff.getByRole('cell', { name: 'Inès Invitée', exact: true }).count(), { timeout: 15_000 }).toBe(1);

    const invitation = await mail.waitFor((m) => m.to.includes('ines.invite@staff-e2e.test'), 20_000);
    expect(invitation.subject).toContain('vous invite');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/play\?\S+)/.exec(invitation.text)?.[1];
    expect(link, invitation.text).toBeDefined();
    expect(new URL(link!).searchParams.get('lang')).toBe('fr');

    // The employee follows the link: /play opens on its sign-in, in French, with the address filled in.
    const employee = await h.newPage();
    await employee.page.goto(link!);
    const address = employee.page.locator('input[name="email"]');
    await expect.poll(() => address.count(), { timeout: 15_000 }).toBe(1);
    expect(await address.inputValue()).toBe('ines.invite@staff-e2e.test');
    await expect.poll(() => employee.page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await employee.page.screenshot({ path: path.join(ARTIFACTS, 'staff-invitation-play.png') });
    await employee.context.close();
    await context.close();
  }, 180_000);
});
