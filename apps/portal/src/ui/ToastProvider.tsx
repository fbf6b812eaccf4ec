import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Toast as BootstrapToast, ToastContainer } from 'react-bootstrap';
import { TOAST_AUTOHIDE_MS, TOAST_REMOVE_AFTER_HIDE_MS } from '@portico/contracts';
import { useToastClearance } from './toast-clearance';
import { ToastsContext, type Toast, type ToastInput, type ToastsApi } from './toasts-context';

/**
 * Holds the toasts, hides each after TOAST_AUTOHIDE_MS and removes it a moment later. Toasts show
 * above dialogs (a failed dialog action is reported while the dialog stays open), and open
 * dialogs keep clear of them (useToastClearance).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const stackRef = useRef<HTMLDivElement>(null);
  useToastClearance(stackRef, toasts);

  const schedule = useCallback((id: string, after: number, action: () => void) => {
    clearTimeout(timers.current.get(id));
    timers.current.set(id, setTimeout(action, after));
  }, []);

  const hide = useCallback(
    (id: string) => {
      setToasts((list) => list.map((t) => (t.Id === id ? { ...t, Visible: false } : t)));
      schedule(id, TOAST_REMOVE_AFTER_HIDE_MS, () => {
        timers.current.delete(id);
        setToasts((list) => list.filter((t) => t.Id !== id));
      });
    },
    [schedule],
  );

  const show = useCallback(
    ({ Title, Msg, Type = 'info' }: ToastInput) => {
      const Id = `toast-${++nextId.current}`;
      setToasts((list) => [...list, { Id, Title, Msg, Type, Date: new Date(), Visible: true }]);
      schedule(Id, TOAST_AUTOHIDE_MS, () => hide(Id));
      return Id;
    },
    [hide, schedule],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastsApi>(() => ({ toasts, show, hide }), [hide, show, toasts]);

  return (
    <ToastsContext.Provider value={api}>
      {children}
      {/* Placed by theme.css (.toast-stack): bottom right, across the bottom on phones. */}
      <ToastContainer ref={stackRef} containerPosition="fixed" className="toast-stack">
        {toasts.map((toast) => (
          <BootstrapToast
            key={toast.Id}
            show={toast.Visible}
            onClose={() => hide(toast.Id)}
            className={`toast-${toast.Type}`}
          >
            <BootstrapToast.Header closeLabel={`Close: ${toast.Title}`}>
              <strong className="me-auto">{toast.Title}</strong>
              <time dateTime={toast.Date.toISOString()} className="small text-body-secondary">
                {toast.Date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
              </time>
            </BootstrapToast.Header>
            <BootstrapToast.Body>{toast.Msg}</BootstrapToast.Body>
          </BootstrapToast>
        ))}
      </ToastContainer>
    </ToastsContext.Provider>
  );
}
