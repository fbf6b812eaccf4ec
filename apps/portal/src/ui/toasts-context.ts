import { createContext, useContext } from 'react';

export type ToastType = 'info' | 'success' | 'warning' | 'danger';

/** A toast (specification, section 3: Id, Title, Msg, Date, Type default info, Visible). */
export interface Toast {
  Id: string;
  Title: string;
  Msg: string;
  Date: Date;
  Type: ToastType;
  Visible: boolean;
}

export interface ToastInput {
  Title: string;
  Msg: string;
  Type?: ToastType;
}

export interface ToastsApi {
  toasts: readonly Toast[];
  /** Shows a toast; it hides after TOAST_AUTOHIDE_MS and is removed TOAST_REMOVE_AFTER_HIDE_MS later. */
  show(toast: ToastInput): string;
  /** Hides a toast now (its close button does this). */
  hide(id: string): void;
}

export const ToastsContext = createContext<ToastsApi | undefined>(undefined);

export function useToasts(): ToastsApi {
  const toasts = useContext(ToastsContext);
  if (!toasts) throw new Error('useToasts must be used inside <ToastProvider>');
  return toasts;
}
