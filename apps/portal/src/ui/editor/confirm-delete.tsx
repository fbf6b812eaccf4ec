import { useCallback } from 'react';
import { EDITOR_LABELS, USERS_MESSAGES } from '@portico/contracts';
import { useDialogs } from '../dialogs-context';

/**
 * The console's delete confirmation ("Confirm Delete", section 2: Delete with confirmation).
 * The returned function opens it; `onDelete` runs on Delete while the dialog shows progress.
 */
export function useConfirmDelete(): (onDelete: () => Promise<unknown>) => void {
  const { open } = useDialogs();
  return useCallback(
    (onDelete) => {
      open({
        title: USERS_MESSAGES.confirmDeleteTitle,
        content: <p className="mb-0">{USERS_MESSAGES.confirmDeleteText}</p>,
        confirmContent: EDITOR_LABELS.delete,
        confirmVariant: 'danger',
        onConfirm: onDelete,
      });
    },
    [open],
  );
}
