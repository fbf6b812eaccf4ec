/** The generic detail editors (section 4): import from here. */
export { DetailEditor, type DetailEditorProps } from './DetailEditor';
export { EditorField, type EditorFieldProps } from './EditorField';
export { EditorSelect, type EditorSelectOption, type EditorSelectProps } from './EditorSelect';
export { EDITOR_LABELS } from '@portico/contracts';
export { useEditor, type Editor, type EditorMode, type EditorOptions } from './use-editor';
