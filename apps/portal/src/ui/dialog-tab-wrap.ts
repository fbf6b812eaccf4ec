import { useEffect } from 'react';

/** What Tab can reach, before the checks on state and visibility. */
const TABBABLE =
  'a[href], area[href], button, input, select, textarea, iframe, summary, [contenteditable="true"], [tabindex]';

/**
 * The open modal on top: a react-bootstrap Modal, or the side menu shown as an offcanvas on a
 * small screen (both are aria-modal only while shown as overlays).
 */
function topDialog(): HTMLElement | undefined {
  const open = document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]');
  return open[open.length - 1];
}

/** The elements Tab stops at inside `container`, in document order (no positive tabindex here). */
export function tabbableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.matches(':disabled') &&
      !element.closest('[inert], [hidden]') &&
      shown(element),
  );
}

/** Drawn on the page (browsers without checkVisibility, such as jsdom, count every element). */
function shown(element: HTMLElement): boolean {
  return typeof element.checkVisibility === 'function'
    ? element.checkVisibility({ visibilityProperty: true })
    : true;
}

/**
 * Keeps Tab inside the open dialog. react-bootstrap's Modal takes the focus back only when it
 * lands on another element of the page; Tab from a dialog's last control leaves the page for
 * the browser's own controls, and Shift+Tab from its first one does too. Here Tab wraps from
 * the last control to the first and Shift+Tab from the first (or the dialog itself) to the last.
 */
export function wrapTabInDialog(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const dialog = topDialog();
  if (!dialog) return;
  const stops = tabbableIn(dialog);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && dialog.contains(active);
  if (event.shiftKey && (!inside || active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/** Installs `wrapTabInDialog` on the document while the component using it is mounted. */
export function useDialogTabWrap(): void {
  useEffect(() => {
    document.addEventListener('keydown', wrapTabInDialog);
    return () => document.removeEventListener('keydown', wrapTabInDialog);
  }, []);
}
