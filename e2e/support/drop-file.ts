import type { JSHandle, Locator, Page } from 'playwright-core';

/**
 * Drags a file over a drop zone as a browser would (dragenter, dragover) and returns the
 * DataTransfer, so the test can start waiting for responses before it dispatches the drop.
 */
export async function dragFileOver(
  page: Page,
  zone: Locator,
  fileName: string,
  type: string,
  bytes: Buffer,
): Promise<JSHandle<DataTransfer>> {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name, mime }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: mime }));
      return transfer;
    },
    { base64: bytes.toString('base64'), name: fileName, mime: type },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  return dataTransfer;
}
