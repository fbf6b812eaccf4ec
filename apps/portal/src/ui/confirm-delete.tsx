import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { EDITOR_LABELS, USERS_MESSAGES } from '@portico/contracts';
import { useDialogs } from './dialogs-context';

/**
 * The console's one delete confirmation ("Confirm Delete — Are you sure you want to delete
 * this?", section 2). The returned function opens it; `onDelete` runs on the confirm button
 * (Delete unless the screen names its action: Remove, Unban) while the dialog shows progress.
 * Given a `subject` (an IP address), the question names it in place of "this", so the person
 * sees what goes.
 */
export function useConfirmDelete(): (
  onDelete: () => Promise<unknown>,
  confirmLabel?: ReactNode,
  subject?: string,
) => void {
  const { open } = useDialogs();
  return useCallback(
    (onDelete, confirmLabel = EDITOR_LABELS.delete, subject) => {
      const question =
        subject === undefined
          ? USERS_MESSAGES.confirmDeleteText
          : USERS_MESSAGES.confirmDeleteNamed(subject);
      open({
        title: USERS_MESSAGES.confirmDeleteTitle,
        content: <p className="mb-0 text-break">{question}</p>,
        confirmContent: confirmLabel,
        confirmVariant: 'danger',
        onConfirm: onDelete,
      });
    },
    [open],
  );
}
