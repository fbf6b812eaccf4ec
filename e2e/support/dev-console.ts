import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Screenshots to look at by eye (gitignored). */
const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Saves the page (or an open dialog) at both widths as `<name>-desktop.png` / `-phone.png`. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  // Toasts of earlier steps would cover the screen being judged; they are not part of it.
  for (const close of await page.locator('.toast .btn-close').all()) await close.click();
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // Let the layout settle after the resize (Bootstrap breakpoints, modal centring).
    await page.waitForTimeout(350);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
