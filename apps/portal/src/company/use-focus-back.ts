import { useEffect, useRef } from 'react';

/**
 * An Edit button that an inline editor replaces: when the editor closes (Apply or Cancel), the
 * focus goes back to the button instead of falling to the page with the removed editor.
 * Answers the ref for the button.
 */
export function useFocusBack(editing: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (!editing && wasEditing.current) button.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return button;
}
