import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Screenshots to look at by eye (gitignored), as e2e/tests/shell.spec.ts takes them. */
const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Saves the page as it is now at both widths (`<name>-desktop.png`, `<name>-phone.png`), then
 * goes back to the desktop width: the screen keeps its state, only its layout is looked at twice.
 */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}
