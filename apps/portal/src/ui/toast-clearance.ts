import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** The room (in px) open dialogs keep clear for the toasts; theme.css, "Toasts", reads it. */
export const TOAST_CLEARANCE_VAR = '--portico-toast-clearance';

/**
 * Keeps TOAST_CLEARANCE_VAR on <body> at the room the toast stack takes from its edge of the
 * screen (the bottom) when it would overlap an open dialog, so the
 * dialog is laid out clear of the toasts and no toast covers its buttons. Beside a dialog (a wide
 * screen) nothing is kept and the dialog stays centred. While a dialog stays open the room only
 * grows: a toast timing out does not move the dialog under the person's finger. It is measured
 * when the toasts change, and afresh when a dialog opens or the last one closes (Bootstrap's
 * `modal-open` on <body>) and when the window is resized.
 */
export function useToastClearance(
  stackRef: RefObject<HTMLElement | null>,
  toasts: readonly unknown[],
): void {
  const reserved = useRef<number | null>(null);
  const measure = useCallback(() => {
    const stack = stackRef.current;
    if (!stack) return;
    if (!document.body.classList.contains('modal-open')) {
      // Ready for the next dialog, which is then checked as soon as it opens.
      reserved.current = null;
      setClearance(roomTakenBy(stack));
      return;
    }
    const needed = overlapsADialog(stack) ? roomTakenBy(stack) : 0;
    reserved.current = Math.max(reserved.current ?? 0, needed);
    setClearance(reserved.current);
  }, [stackRef]);

  // After each change of the toasts is in the DOM, before it is painted.
  useLayoutEffect(measure, [measure, toasts]);

  useEffect(() => {
    const body = document.body;
    const dialogs = new MutationObserver(measure);
    dialogs.observe(body, { attributes: true, attributeFilter: ['class'] });
    // A new width lays the dialog and the toasts out anew (a phone turned): measure afresh.
    const resized = () => {
      reserved.current = null;
      measure();
    };
    window.addEventListener('resize', resized);
    return () => {
      dialogs.disconnect();
      window.removeEventListener('resize', resized);
      body.style.removeProperty(TOAST_CLEARANCE_VAR);
    };
  }, [measure]);
}

function setClearance(px: number): void {
  document.body.style.setProperty(TOAST_CLEARANCE_VAR, `${Math.ceil(px)}px`);
}

/** From the screen edge the stack sits at to its far side; nothing without toasts. */
function roomTakenBy(stack: HTMLElement): number {
  if (stack.childElementCount === 0) return 0;
  const rect = stack.getBoundingClientRect();
  const gapBelow = window.innerHeight - rect.bottom;
  return gapBelow < rect.top ? window.innerHeight - rect.top : rect.bottom;
}

/** Whether the stack shares any column of the screen with an open dialog. */
function overlapsADialog(stack: HTMLElement): boolean {
  const columns = stack.getBoundingClientRect();
  return [...document.querySelectorAll('.modal-dialog')].some((dialog) => {
    const box = dialog.getBoundingClientRect();
    return box.left < columns.right && columns.left < box.right;
  });
}
