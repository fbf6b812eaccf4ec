import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { EDITOR_LABELS } from '@portico/contracts';
import { useConfirmDelete } from '../confirm-delete';
import type { Editor } from './use-editor';
import './editor.css';

/**
 * The generic detail editor of section 4, for any record (application, client, company...).
 *
 * Usage:
 * ```tsx
 * const editor = useEditor(record, { create: isNew });
 * <DetailEditor
 *   editor={editor}
 *   title="Application"
 *   onApply={async (data) => (await save(data)) === 'ok'}   // true: back to view mode
 *   onCreate={async (data) => created ? savedRecord : false} // true or the saved record
 *   onCancelCreate={close}                                   // Cancel in create mode
 *   onDelete={async () => remove()}                          // after "Confirm Delete"
 * >
 *   <EditorField id="app-name" label="Name" value={editor.data.name}
 *     readOnly={editor.readOnly} onChange={(v) => editor.set('name', v)} />
 * </DetailEditor>
 * ```
 * View mode shows the Edit toggle (and Delete); edit mode shows Apply (enabled only when dirty)
 * and Cancel (restores the original data); create mode shows Create and Cancel and becomes view
 * mode after a successful create. Enter in a field submits Apply or Create. Without `onApply`
 * there is no Edit toggle; without `onDelete` no Delete.
 */
export interface DetailEditorProps<T> {
  editor: Editor<T>;
  title?: ReactNode;
  /** 1 when the editor is a page of its own (pushed on the page stack); 2 inside a page. */
  titleLevel?: 1 | 2;
  /** Resolves true when saved: the editor keeps the data as the new original, in view mode. */
  onApply?: (data: T) => Promise<boolean>;
  /** Resolves true or the saved record (with server-made fields) when created. */
  onCreate?: (data: T) => Promise<boolean | T>;
  onCancelCreate?: () => void;
  /** Runs after the confirmation dialog; the dialog shows progress while it runs. */
  onDelete?: () => Promise<unknown>;
  /** Create stays disabled while false (a required field is empty). */
  canCreate?: boolean;
  /** More buttons for view mode (beside Edit and Delete). */
  actions?: ReactNode;
  children: ReactNode;
}

export function DetailEditor<T>({
  editor,
  title,
  titleLevel = 2,
  onApply,
  onCreate,
  onCancelCreate,
  onDelete,
  canCreate = true,
  actions,
  children,
}: DetailEditorProps<T>) {
  const [busy, setBusy] = useState(false);
  const confirmDelete = useConfirmDelete();
  const titleId = useId();
  const { mode } = editor;
  const Heading = titleLevel === 1 ? 'h1' : 'h2';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (mode === 'edit' && (!editor.dirty || !onApply)) return;
    if (mode === 'create' && (!canCreate || !onCreate)) return;
    if (mode === 'view') return;
    setBusy(true);
    try {
      if (mode === 'edit' && onApply) {
        if (await onApply(editor.data)) editor.commit();
      } else if (mode === 'create' && onCreate) {
        const result = await onCreate(editor.data);
        if (result === true) editor.commit();
        else if (result !== false) editor.commit(result);
      }
    } finally {
      setBusy(false);
    }
  }

  function cancel() {
    editor.cancel();
    if (mode === 'create') onCancelCreate?.();
  }

  const spinner = busy && (
    <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
  );

  return (
    <form
      className="detail-editor"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={title ? titleId : undefined}
      noValidate
    >
      <div className="detail-editor-bar d-flex flex-wrap align-items-center gap-2 mb-3">
        {title && (
          <Heading id={titleId} className="h5 mb-0 me-auto">
            {title}
          </Heading>
        )}
        {mode !== 'create' && onApply && (
          <Button
            variant="outline-primary"
            size="sm"
            aria-pressed={mode === 'edit'}
            active={mode === 'edit'}
            onClick={editor.toggleEdit}
            disabled={busy}
          >
            {EDITOR_LABELS.edit}
          </Button>
        )}
        {mode === 'view' && actions}
        {mode !== 'create' && onDelete && (
          <Button
            variant="outline-danger"
            size="sm"
            onClick={() => confirmDelete(onDelete)}
            disabled={busy}
          >
            {EDITOR_LABELS.delete}
          </Button>
        )}
      </div>
      {children}
      {mode !== 'view' && (
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button
            type="submit"
            variant="primary"
            disabled={busy || (mode === 'edit' ? !editor.dirty : !canCreate)}
            aria-busy={busy}
          >
            {spinner}
            {mode === 'edit' ? EDITOR_LABELS.apply : EDITOR_LABELS.create}
          </Button>
          <Button variant="outline-secondary" onClick={cancel} disabled={busy}>
            {EDITOR_LABELS.cancel}
          </Button>
        </div>
      )}
    </form>
  );
}
