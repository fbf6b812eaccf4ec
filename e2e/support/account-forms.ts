import type { Locator } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * The field is marked invalid and its message is tied to it: shown under it and read with it
 * (aria-describedby), as the form rules of the specification (section 5) are shown.
 */
export async function expectFieldMessage(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

/** A pattern matching the text literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
