/** Drops files on the Records drop zone the way the OS does: a drop event carrying File objects. */
import type { Page } from '@playwright/test';

export async function dropFiles(page: Page, files: Array<{ name: string; bytes: Buffer }>): Promise<void> {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const binary = atob(file.base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
      transfer.items.add(new File([bytes], file.name));
    }
    return transfer;
  }, files.map((file) => ({ name: file.name, base64: file.bytes.toString('base64') })));
  await page.getByTestId('dropzone').dispatchEvent('drop', { dataTransfer });
}
