import { useState } from 'react';

/**
 * Copies a value to the clipboard and says whether it did (a button's "Copied"). Without the
 * clipboard permission nothing is copied, and the value stays selectable where it is shown.
 */
export function useCopy(value: string): { copied: boolean; copy: () => Promise<void> } {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return { copied, copy };
}
