import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EDITOR_LABELS as L, USERS_MESSAGES } from '@portico/contracts';
import { renderWithProviders } from '../../test/render';
import { DetailEditor, type DetailEditorProps } from './DetailEditor';
import { EditorField } from './EditorField';
import { useEditor } from './use-editor';

interface Record {
  name: string;
}

type Handlers = Partial<Omit<DetailEditorProps<Record>, 'editor' | 'children'>>;

function Harness({
  create = false,
  initial = create ? '' : 'Ledger',
  ...handlers
}: Handlers & { create?: boolean; initial?: string }) {
  const editor = useEditor<Record>({ name: initial }, { create });
  return (
    <DetailEditor editor={editor} title="Application" {...handlers}>
      <EditorField
        id="name"
        label="Name"
        value={editor.data.name}
        readOnly={editor.readOnly}
        onChange={(value) => editor.set('name', value)}
      />
    </DetailEditor>
  );
}

const name = () => screen.getByLabelText('Name');
const button = (label: string) => screen.getByRole('button', { name: label });

describe('DetailEditor', () => {
  it('shows the record read-only in view mode with the Edit toggle and no Apply', () => {
    renderWithProviders(<Harness onApply={async () => true} />);
    expect(name()).toHaveValue('Ledger');
    expect(name()).toHaveAttribute('readonly');
    expect(button(L.edit)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: L.apply })).not.toBeInTheDocument();
  });

  it('shows an empty value as a muted dash in view mode only', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="" onApply={async () => true} />);
    expect(name()).toHaveValue('');
    expect(name()).toHaveAttribute('placeholder', L.empty);
    await user.click(button(L.edit));
    expect(name()).not.toHaveAttribute('placeholder');
  });

  it('enables Apply only when the data changed, and Cancel restores the original', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onApply={async () => true} />);
    await user.click(button(L.edit));
    expect(button(L.edit)).toHaveAttribute('aria-pressed', 'true');
    expect(name()).not.toHaveAttribute('readonly');
    expect(button(L.apply)).toBeDisabled();

    await user.type(name(), ' 2');
    expect(button(L.apply)).toBeEnabled();
    await user.clear(name());
    await user.type(name(), 'Ledger');
    // Typing the original back is not a change.
    expect(button(L.apply)).toBeDisabled();

    await user.type(name(), ' X');
    await user.click(button(L.cancel));
    expect(name()).toHaveValue('Ledger');
    expect(name()).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: L.apply })).not.toBeInTheDocument();
  });

  it('keeps the applied data and returns to view mode after a successful Apply', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn(async () => true);
    renderWithProviders(<Harness onApply={onApply} />);
    await user.click(button(L.edit));
    await user.clear(name());
    await user.type(name(), 'Treasury{Enter}');
    expect(onApply).toHaveBeenCalledWith({ name: 'Treasury' });
    await waitFor(() => expect(name()).toHaveAttribute('readonly'));
    expect(name()).toHaveValue('Treasury');
    // The applied data is now the original: editing again starts clean.
    await user.click(button(L.edit));
    expect(button(L.apply)).toBeDisabled();
  });

  it('stays in edit mode with the changes when Apply fails', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onApply={async () => false} />);
    await user.click(button(L.edit));
    await user.type(name(), '!');
    await user.click(button(L.apply));
    expect(name()).toHaveValue('Ledger!');
    expect(button(L.apply)).toBeEnabled();
  });

  it('creates with Create and Cancel, then becomes a normal editor', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn(async () => true);
    renderWithProviders(<Harness create onCreate={onCreate} onApply={async () => true} />);
    expect(screen.queryByRole('button', { name: L.edit })).not.toBeInTheDocument();
    expect(button(L.cancel)).toBeInTheDocument();
    await user.type(name(), 'Payments');
    await user.click(button(L.create));
    expect(onCreate).toHaveBeenCalledWith({ name: 'Payments' });
    expect(await screen.findByRole('button', { name: L.edit })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: L.create })).not.toBeInTheDocument();
    expect(name()).toHaveValue('Payments');
  });

  it('cancels a create by clearing the form and telling the owner', async () => {
    const user = userEvent.setup();
    const onCancelCreate = vi.fn();
    renderWithProviders(
      <Harness create onCreate={async () => true} onCancelCreate={onCancelCreate} />,
    );
    await user.type(name(), 'Draft');
    await user.click(button(L.cancel));
    expect(name()).toHaveValue('');
    expect(onCancelCreate).toHaveBeenCalledOnce();
    expect(button(L.create)).toBeInTheDocument();
  });

  it('deletes only after the confirmation dialog', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(async () => undefined);
    renderWithProviders(<Harness onDelete={onDelete} />);
    await user.click(button(L.delete));
    const dialog = await screen.findByRole('dialog', { name: USERS_MESSAGES.confirmDeleteTitle });
    expect(within(dialog).getByText(USERS_MESSAGES.confirmDeleteText)).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: L.delete }));
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it('does not delete when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(async () => undefined);
    renderWithProviders(<Harness onDelete={onDelete} />);
    await user.click(button(L.delete));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: L.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onDelete).not.toHaveBeenCalled();
  });
});
