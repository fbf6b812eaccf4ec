import { useEffect } from 'react';
import { usePageStack } from '../ui/page-stack-context';

/** The page-stack id of an application's editor page. */
export function appPageId(app: string): string {
  return `dev-app:${app}`;
}

/**
 * Keeps the trail label of the page `pageId` equal to `label` (once known) while it is the top
 * page: a renamed application is named by its saved name at once. The page is replaced by
 * itself (same id, same element), so nothing below it remounts and the focus stays put.
 */
export function usePageLabel(pageId: string, label: string | undefined): void {
  const stack = usePageStack();
  const top = stack.pages[stack.pages.length - 1];
  useEffect(() => {
    if (label !== undefined && top?.Id === pageId && top.Label !== label)
      stack.replace({ ...top, Label: label });
  }, [stack, top, pageId, label]);
}
