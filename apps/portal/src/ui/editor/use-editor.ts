import { useCallback, useMemo, useState } from 'react';

export type EditorMode = 'view' | 'edit' | 'create';

export interface EditorOptions {
  /** Start in create mode (a new record): Create and Cancel instead of the edit toggle. */
  create?: boolean;
}

export interface Editor<T> {
  mode: EditorMode;
  /** The values shown and edited. */
  data: T;
  /** The values last loaded or saved; Cancel goes back to them. */
  original: T;
  /** True when `data` differs from `original`: Apply is enabled only then. */
  dirty: boolean;
  /** Fields are read-only in view mode. */
  readOnly: boolean;
  set<K extends keyof T>(key: K, value: T[K]): void;
  /** Replaces several fields at once (a platform change that also turns another field off). */
  patch(values: Partial<T>): void;
  /** The edit toggle: view -> edit, and edit -> view (restoring the original, as Cancel). */
  toggleEdit(): void;
  /** Restores the original data; an edit ends in view mode, create stays in create mode. */
  cancel(): void;
  /** After a successful Apply or Create: the saved values become the original, in view mode. */
  commit(saved?: T): void;
  /** New data from the server while not editing (a reload): becomes data and original. */
  reset(next: T): void;
}

function same<T>(a: T, b: T): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The state of a generic detail editor (specification, section 4 "Editors"): view mode, edit
 * mode by a toggle, changes marked dirty, Cancel restoring the original data, and create mode
 * becoming normal (view) mode after a successful create. Records are plain JSON values, so
 * dirtiness is a structural comparison.
 */
export function useEditor<T>(initial: T, options: EditorOptions = {}): Editor<T> {
  const [mode, setMode] = useState<EditorMode>(options.create ? 'create' : 'view');
  const [original, setOriginal] = useState<T>(initial);
  const [data, setData] = useState<T>(initial);

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setData((previous) => ({ ...previous, [key]: value }));
  }, []);
  const patch = useCallback((values: Partial<T>) => {
    setData((previous) => ({ ...previous, ...values }));
  }, []);

  const cancel = useCallback(() => {
    setData(original);
    setMode((current) => (current === 'create' ? 'create' : 'view'));
  }, [original]);

  const toggleEdit = useCallback(() => {
    if (mode === 'view') setMode('edit');
    else if (mode === 'edit') cancel();
  }, [mode, cancel]);

  const commit = useCallback(
    (saved?: T) => {
      const next = saved ?? data;
      setOriginal(next);
      setData(next);
      setMode('view');
    },
    [data],
  );

  const reset = useCallback((next: T) => {
    setOriginal(next);
    setData(next);
  }, []);

  return useMemo(
    () => ({
      mode,
      data,
      original,
      dirty: !same(data, original),
      readOnly: mode === 'view',
      set,
      patch,
      toggleEdit,
      cancel,
      commit,
      reset,
    }),
    [mode, data, original, set, patch, toggleEdit, cancel, commit, reset],
  );
}
