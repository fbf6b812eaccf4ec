import { createContext, useContext, type ReactNode } from 'react';
import type { ButtonProps } from 'react-bootstrap';

/** What a screen gives to open a dialog (specification, section 3: Dialog). */
export interface DialogSpec {
  title: ReactNode;
  content: ReactNode;
  /** The confirm button's content; without `onConfirm` the dialog has no footer. */
  confirmContent?: ReactNode;
  /** False disables the confirm button (a form in the dialog is not complete yet). */
  confirmActive?: boolean;
  confirmVariant?: ButtonProps['variant'];
  /**
   * Runs on confirm; the button shows progress while it runs. The dialog closes afterwards
   * unless it returns false.
   */
  onConfirm?: () => unknown;
  size?: 'sm' | 'lg' | 'xl';
}

export interface Dialog extends DialogSpec {
  id: string;
  visible: boolean;
}

export interface DialogsApi {
  dialogs: readonly Dialog[];
  /** Opens a dialog; returns its id. */
  open(spec: DialogSpec): string;
  /** Changes an open dialog (its content, or whether confirm is active). */
  update(id: string, patch: Partial<DialogSpec>): void;
  /** Hides a dialog; it is removed once its closing transition ends. */
  close(id: string): void;
}

export const DialogsContext = createContext<DialogsApi | undefined>(undefined);

export function useDialogs(): DialogsApi {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs must be used inside <DialogProvider>');
  return dialogs;
}
