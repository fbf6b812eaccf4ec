import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Screenshots to look at by eye (gitignored). */
const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Saves what the page shows now at desktop and phone widths (`<name>-desktop.png`,
 * `<name>-phone.png`), then gives the page its size back.
 */
export async function mfaScreenshot(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // Let the layout settle at the new width (modal centring, wrapping).
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`) });
  }
  if (before) await page.setViewportSize(before);
}
