import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PinEntry, type PinEntryProps } from './PinEntry';

function renderPin(props: Partial<PinEntryProps> = {}) {
  const onComplete = vi.fn();
  const onMismatch = vi.fn();
  render(
    <PinEntry label="MPIN" onComplete={onComplete} onMismatch={onMismatch} autoFocus {...props} />,
  );
  return { onComplete, onMismatch };
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);
const values = () => [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('|');

afterEach(() => vi.useRealTimers());

describe('PIN entry', () => {
  it('is a labelled group of six numeric boxes, the first one suggested one-time codes', () => {
    renderPin();
    const group = screen.getByRole('group', { name: 'MPIN' });
    expect(group.querySelectorAll('input')).toHaveLength(6);
    expect(box(1)).toHaveAttribute('inputmode', 'numeric');
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box(1)).toHaveFocus();
  });

  it('takes digits only and moves to the next box after each', async () => {
    const user = userEvent.setup();
    renderPin();
    await user.keyboard('1a');
    expect(values()).toBe('1|||||');
    expect(box(2)).toHaveFocus();
    await user.keyboard('-x 2');
    expect(values()).toBe('1|2||||');
    expect(box(3)).toHaveFocus();
  });

  it('goes back and clears the previous box on Backspace in an empty box; arrows move', async () => {
    const user = userEvent.setup();
    renderPin();
    await user.keyboard('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('1|2||||');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(box(1)).toHaveFocus();
    await user.keyboard('{ArrowRight}9');
    expect(values()).toBe('1|9||||');
    expect(box(3)).toHaveFocus();
  });

  it('fills from the first box on paste, without the non-digits and up to six digits', async () => {
    const user = userEvent.setup();
    const { onComplete } = renderPin();
    await user.click(box(4));
    await user.paste('12-3 4');
    expect(values()).toBe('1|2|3|4||');
    expect(box(5)).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();

    await user.paste('98 76 54 32 10');
    expect(values()).toBe('9|8|7|6|5|4');
    expect(onComplete).toHaveBeenCalledWith('987654');
  });

  it('completes as soon as six digits are in, then clears after one second', () => {
    vi.useFakeTimers();
    const { onComplete } = renderPin();
    // Key by key through fireEvent: user-event and Testing Library's async helpers wait on a clock
    // that fake timers stop.
    const press = (n: number, key: string) => fireEvent.keyDown(box(n), { key });
    ['2', '4', '6', '8', '0'].forEach((key, i) => press(i + 1, key));
    expect(onComplete).not.toHaveBeenCalled();
    press(6, '1');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('246801');
    expect(values()).toBe('2|4|6|8|0|1');

    act(() => vi.advanceTimersByTime(999));
    expect(values()).toBe('2|4|6|8|0|1');
    act(() => vi.advanceTimersByTime(1));
    expect(values()).toBe('|||||');
    expect(box(1)).toHaveFocus();
  });

  it('in verify mode asks a second time and completes when both entries match', async () => {
    const user = userEvent.setup();
    const { onComplete, onMismatch } = renderPin({
      mode: 'verify',
      confirmLabel: 'Confirm MPIN',
    });
    await user.keyboard('135790');
    expect(onComplete).not.toHaveBeenCalled();
    expect(values()).toBe('|||||');
    expect(screen.getByRole('group', { name: 'Confirm MPIN' })).toBeInTheDocument();
    expect(box(1)).toHaveFocus();

    await user.keyboard('135790');
    expect(onComplete).toHaveBeenCalledWith('135790');
    expect(onMismatch).not.toHaveBeenCalled();
  });

  it('in verify mode reports a different second entry and starts again', async () => {
    const user = userEvent.setup();
    const { onComplete, onMismatch } = renderPin({ mode: 'verify' });
    await user.keyboard('135790');
    await user.keyboard('135791');
    expect(onMismatch).toHaveBeenCalledTimes(1);
    expect(onComplete).not.toHaveBeenCalled();
    expect(values()).toBe('|||||');

    // A new first entry, then its match.
    await user.keyboard('246802');
    await user.keyboard('246802');
    expect(onComplete).toHaveBeenCalledWith('246802');
  });

  it('shows its error, marks the boxes invalid and stays still when disabled', async () => {
    const user = userEvent.setup();
    const { onComplete } = renderPin({ error: 'MPIN must be 6 digits.', disabled: true });
    expect(screen.getByRole('alert')).toHaveTextContent('MPIN must be 6 digits.');
    expect(box(1)).toHaveAttribute('aria-invalid', 'true');
    expect(box(1)).toHaveAccessibleDescription('MPIN must be 6 digits.');
    // The field's invalid icon would cover the digit of a box this narrow.
    expect(box(1)).toHaveStyle({ backgroundImage: 'none' });
    expect(box(1)).toBeDisabled();
    await user.type(box(1), '123456');
    expect(values()).toBe('|||||');
    expect(onComplete).not.toHaveBeenCalled();
  });

  it("takes a phone's one-time-code suggestion put into the first box at once", () => {
    const { onComplete } = renderPin();
    act(() => {
      const input = box(1) as HTMLInputElement;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(input, '482913');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(values()).toBe('4|8|2|9|1|3');
    expect(onComplete).toHaveBeenCalledWith('482913');
  });
});
