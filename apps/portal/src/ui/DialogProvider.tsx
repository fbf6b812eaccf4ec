import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { useDialogTabWrap } from './dialog-tab-wrap';
import { DialogsContext, type Dialog, type DialogSpec, type DialogsApi } from './dialogs-context';

/**
 * Holds the open dialogs and shows each as a Bootstrap modal (its own 300 ms dialog and 150 ms
 * backdrop transitions). Escape, the close button and Cancel close a dialog. It also keeps Tab
 * inside whichever modal is open, its own or one a screen shows itself (dialog-tab-wrap.ts).
 */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [dialogs, setDialogs] = useState<Dialog[]>([]);
  useDialogTabWrap();
  const nextId = useRef(0);

  const change = useCallback((id: string, patch: Partial<Dialog>) => {
    setDialogs((list) => list.map((d) => (d.id === id ? { ...d, ...patch } : d)));
  }, []);
  const remove = useCallback((id: string) => {
    setDialogs((list) => list.filter((d) => d.id !== id));
  }, []);

  const api = useMemo<DialogsApi>(
    () => ({
      dialogs,
      open: (spec: DialogSpec) => {
        const id = `dialog-${++nextId.current}`;
        setDialogs((list) => [...list, { ...spec, id, visible: true }]);
        return id;
      },
      update: change,
      close: (id) => change(id, { visible: false }),
    }),
    [change, dialogs],
  );

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {dialogs.map((dialog) => (
        <DialogView
          key={dialog.id}
          dialog={dialog}
          onClose={() => api.close(dialog.id)}
          onExited={() => remove(dialog.id)}
        />
      ))}
    </DialogsContext.Provider>
  );
}

interface DialogViewProps {
  dialog: Dialog;
  onClose: () => void;
  onExited: () => void;
}

function DialogView({ dialog, onClose, onExited }: DialogViewProps) {
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  async function confirm() {
    setBusy(true);
    try {
      if ((await dialog.onConfirm?.()) !== false) onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      show={dialog.visible}
      onHide={onClose}
      onExited={onExited}
      aria-labelledby={titleId}
      size={dialog.size}
      centered
    >
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {dialog.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{dialog.content}</Modal.Body>
      {dialog.onConfirm && (
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant={dialog.confirmVariant ?? 'primary'}
            onClick={() => void confirm()}
            disabled={busy || dialog.confirmActive === false}
          >
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {dialog.confirmContent ?? 'OK'}
          </Button>
        </Modal.Footer>
      )}
    </Modal>
  );
}
