import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DialogProvider } from './DialogProvider';
import { useDialogs, type DialogSpec } from './dialogs-context';

function Opener({ spec }: { spec: DialogSpec }) {
  const dialogs = useDialogs();
  return (
    <>
      <button onClick={() => dialogs.open(spec)}>open</button>
      <button
        onClick={() =>
          dialogs.dialogs[0] && dialogs.update(dialogs.dialogs[0].id, { confirmActive: true })
        }
      >
        enable
      </button>
    </>
  );
}

function setUp(spec: DialogSpec) {
  render(
    <DialogProvider>
      <Opener spec={spec} />
    </DialogProvider>,
  );
  return userEvent.setup();
}

describe('dialogs', () => {
  it('opens a labelled modal dialog and closes it on Cancel', async () => {
    const onConfirm = vi.fn();
    const user = setUp({
      title: 'Confirm Delete',
      content: 'Are you sure you want to delete this?',
      confirmContent: 'Delete',
      onConfirm,
    });
    await user.click(screen.getByRole('button', { name: 'open' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('runs onConfirm, then closes', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const user = setUp({
      title: 'Remove',
      content: 'Sure?',
      confirmContent: 'Remove Access',
      onConfirm,
    });
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(await screen.findByRole('button', { name: 'Remove Access' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open when onConfirm answers false', async () => {
    const user = setUp({
      title: 'Try',
      content: 'x',
      confirmContent: 'Go',
      onConfirm: () => false,
    });
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(await screen.findByRole('button', { name: 'Go' }));
    expect(screen.getByRole('dialog', { name: 'Try' })).toBeInTheDocument();
  });

  it('keeps confirm disabled until the dialog is made active', async () => {
    const user = setUp({
      title: 'Invite user',
      content: 'form',
      confirmContent: 'Invite',
      confirmActive: false,
      onConfirm: vi.fn(),
    });
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByRole('button', { name: 'Invite' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'enable', hidden: true }));
    expect(screen.getByRole('button', { name: 'Invite' })).toBeEnabled();
  });

  it('keeps Tab inside the dialog: it wraps from the last control to the first and back', async () => {
    const user = setUp({ title: 'Wrap', content: 'x', confirmContent: 'Go', onConfirm: vi.fn() });
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wrap' });
    await waitFor(() => expect(dialog).toHaveClass('show'));
    const close = screen.getByRole('button', { name: 'Close' });
    const go = screen.getByRole('button', { name: 'Go' });

    go.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(go).toHaveFocus();
    // From the dialog itself (where the focus lands when it opens), Shift+Tab goes to the end.
    dialog.focus();
    await user.tab({ shift: true });
    expect(go).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const user = setUp({ title: 'Info', content: 'Nothing to confirm' });
    await user.click(screen.getByRole('button', { name: 'open' }));
    await screen.findByRole('dialog', { name: 'Info' });
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
