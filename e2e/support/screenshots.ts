import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Screenshots to look at by eye (gitignored). */
export const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export interface ScreenshotOptions {
  /** The whole page, not only the viewport (default true). */
  fullPage?: boolean;
  /**
   * Toasts of earlier steps would cover the screen being judged: `close` them, `wait` for them
   * to hide by themselves, or `keep` them (default).
   */
  toasts?: 'keep' | 'close' | 'wait';
}

/**
 * Saves what the page shows now at desktop and phone widths (`<name>-desktop.png`,
 * `<name>-phone.png`), then gives the page its size back: the screen keeps its state, only its
 * layout is looked at twice.
 */
export async function screenshotBothWidths(
  page: Page,
  name: string,
  { fullPage = true, toasts = 'keep' }: ScreenshotOptions = {},
): Promise<void> {
  if (toasts === 'close') {
    for (const close of await page.locator('.toast .btn-close').all()) await close.click();
  }
  if (toasts === 'wait') {
    // Toasts hide after 4 s.
    await page
      .locator('.toast.show')
      .first()
      .waitFor({ state: 'hidden', timeout: 6000 })
      .catch(() => undefined);
  }
  const before = page.viewportSize();
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // Let the layout settle at the new width (breakpoints, modal centring, wrapping).
    await page.waitForTimeout(350);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage });
  }
  if (before) await page.setViewportSize(before);
}
