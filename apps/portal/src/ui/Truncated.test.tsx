import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Truncated } from './Truncated';

const LONG = 'maria.lopez-fernandez@retail.bank.example';

describe('Truncated', () => {
  it('cuts long text to 20 characters and keeps the whole value readable', async () => {
    render(<Truncated text={LONG} />);
    const value = screen.getByText('maria.lopez-fernande...');
    expect(value).toHaveAttribute('title', LONG);
    expect(value).toHaveAccessibleName(LONG);
    // Reachable by keyboard, so the full text shows on focus too.
    await userEvent.tab();
    expect(value).toHaveFocus();
  });

  it('shows short text as it is, not focusable', () => {
    render(<Truncated text="Head office" />);
    const value = screen.getByText('Head office');
    expect(value).toHaveAttribute('title', 'Head office');
    expect(value).not.toHaveAttribute('tabindex');
    expect(value).not.toHaveAttribute('aria-label');
  });

  it('inside a control, names the control with the full text without a focus stop of its own', () => {
    render(
      <button type="button">
        <Truncated text={LONG} focusable={false} />
      </button>,
    );
    expect(screen.getByRole('button')).toHaveAccessibleName(LONG);
    expect(screen.getByText('maria.lopez-fernande...')).not.toHaveAttribute('tabindex');
  });
});
