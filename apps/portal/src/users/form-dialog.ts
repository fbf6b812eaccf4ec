import { useCallback, type ReactNode } from 'react';
import type { ButtonProps } from 'react-bootstrap';
import { useDialogs } from '../ui/dialogs-context';

/** What a dialog's form uses to drive the dialog's confirm button and to close it. */
export interface DialogControl {
  /** Enables the confirm button (or not) and says what it does with the form's current state. */
  setConfirm(active: boolean, onConfirm: () => unknown): void;
  close(): void;
}

export interface FormDialogSpec {
  title: ReactNode;
  confirmContent: ReactNode;
  confirmVariant?: ButtonProps['variant'];
  render(control: DialogControl): ReactNode;
}

/**
 * Opens a dialog of the DialogProvider whose content is a form with its own state: the form
 * reports, through `setConfirm`, whether the confirm button is active and what it does.
 */
export function useFormDialog() {
  const { open, update, close } = useDialogs();
  return useCallback(
    (spec: FormDialogSpec) => {
      const holder = { id: '' };
      const control: DialogControl = {
        setConfirm: (active, onConfirm) => update(holder.id, { confirmActive: active, onConfirm }),
        close: () => close(holder.id),
      };
      holder.id = open({
        title: spec.title,
        content: spec.render(control),
        confirmContent: spec.confirmContent,
        confirmVariant: spec.confirmVariant,
        confirmActive: false,
        onConfirm: () => false,
      });
    },
    [open, update, close],
  );
}
