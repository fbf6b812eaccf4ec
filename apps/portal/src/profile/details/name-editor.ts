/** The names the profile edits (profile.update). */
export interface NameFields {
  dis: string;
  fname: string;
  lname: string;
}

/**
 * The editor of section 4: view mode, or edit mode with a draft; the draft is dirty when it
 * differs from the original; Cancel goes back to the original.
 */
export type NameEditor =
  | { mode: 'view'; original: NameFields }
  | { mode: 'edit'; original: NameFields; draft: NameFields };

export type NameEditorEvent =
  | { type: 'edit' }
  | { type: 'change'; field: keyof NameFields; value: string }
  | { type: 'cancel' }
  | { type: 'saved'; fields: NameFields }
  | { type: 'load'; fields: NameFields };

export function nameEditor(state: NameEditor, event: NameEditorEvent): NameEditor {
  switch (event.type) {
    case 'edit':
      return { mode: 'edit', original: state.original, draft: { ...state.original } };
    case 'change':
      if (state.mode !== 'edit') return state;
      return { ...state, draft: { ...state.draft, [event.field]: event.value } };
    case 'cancel':
      return { mode: 'view', original: state.original };
    case 'saved':
      return { mode: 'view', original: event.fields };
    case 'load':
      // Fresh session details replace the original, never a draft being typed.
      return state.mode === 'edit'
        ? { ...state, original: event.fields }
        : { mode: 'view', original: event.fields };
  }
}

export function isDirty(state: NameEditor): boolean {
  if (state.mode !== 'edit') return false;
  const { draft, original } = state;
  return (Object.keys(original) as (keyof NameFields)[]).some(
    (key) => draft[key] !== original[key],
  );
}

/** What the fields show: the draft while editing, the original otherwise. */
export function shownFields(state: NameEditor): NameFields {
  return state.mode === 'edit' ? state.draft : state.original;
}
