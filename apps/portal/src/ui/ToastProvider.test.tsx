import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { TOAST_AUTOHIDE_MS, TOAST_REMOVE_AFTER_HIDE_MS } from '@portico/contracts';
import { TOAST_CLEARANCE_VAR } from './toast-clearance';
import { ToastProvider } from './ToastProvider';
import { useToasts, type ToastInput } from './toasts-context';

/** Shows toasts on demand and lists the provider's state, so the test can read Visible. */
function Probe({ toast }: { toast: ToastInput }) {
  const { toasts, show } = useToasts();
  return (
    <>
      <button onClick={() => show(toast)}>show</button>
      <ul aria-label="state">
        {toasts.map((t) => (
          <li key={t.Id}>{`${t.Title}|${t.Type}|${t.Visible ? 'visible' : 'hidden'}`}</li>
        ))}
      </ul>
    </>
  );
}

const state = () =>
  Array.from(screen.getByRole('list', { name: 'state' }).children, (li) => li.textContent);

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows a toast of type info by default, with its title, message and time', () => {
    render(
      <ToastProvider>
        <Probe toast={{ Title: 'Invite Success', Msg: 'Invite sent to a@b.example' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show'));

    expect(state()).toEqual(['Invite Success|info|visible']);
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Invite Success');
    expect(toast).toHaveTextContent('Invite sent to a@b.example');
    expect(toast.querySelector('time')).toHaveAttribute('dateTime');
    expect(toast).toHaveClass('toast-info');
  });

  it(`hides after ${TOAST_AUTOHIDE_MS} ms and is removed ${TOAST_REMOVE_AFTER_HIDE_MS} ms later`, () => {
    render(
      <ToastProvider>
        <Probe toast={{ Title: 'Saved', Msg: 'done', Type: 'success' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show'));

    advance(TOAST_AUTOHIDE_MS - 1);
    expect(state()).toEqual(['Saved|success|visible']);
    advance(1);
    expect(state()).toEqual(['Saved|success|hidden']);
    advance(TOAST_REMOVE_AFTER_HIDE_MS - 1);
    expect(state()).toEqual(['Saved|success|hidden']);
    advance(1);
    expect(state()).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps each toast on its own clock', () => {
    render(
      <ToastProvider>
        <Probe toast={{ Title: 'T', Msg: 'm' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show'));
    advance(2000);
    fireEvent.click(screen.getByText('show'));
    advance(TOAST_AUTOHIDE_MS - 2000);
    expect(state()).toEqual(['T|info|hidden', 'T|info|visible']);
    // The first was removed a second after it hid; the second hides now.
    advance(2000);
    expect(state()).toEqual(['T|info|hidden']);
  });

  it('hides on request (the close button) and is removed after the same delay', () => {
    render(
      <ToastProvider>
        <Probe toast={{ Title: 'Closable', Msg: 'm', Type: 'danger' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show'));
    fireEvent.click(screen.getByRole('button', { name: 'Close: Closable' }));
    expect(state()).toEqual(['Closable|danger|hidden']);
    advance(TOAST_REMOVE_AFTER_HIDE_MS);
    expect(state()).toEqual([]);
  });
});

describe('room kept clear for toasts in open dialogs', () => {
  const clearance = () => document.body.style.getPropertyValue(TOAST_CLEARANCE_VAR);
  /**
   * jsdom lays nothing out: the stack sits at the bottom right of the screen, 90 px per toast and
   * 350 px wide; a dialog is 500 px wide at `dialogLeft`.
   */
  function layOut(dialogLeft: number) {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      if (this.classList.contains('modal-dialog')) {
        return DOMRect.fromRect({ x: dialogLeft, y: 100, width: 500, height: 300 });
      }
      const height = this.classList.contains('toast-stack') ? this.childElementCount * 90 : 0;
      const x = window.innerWidth - 350;
      return DOMRect.fromRect({ x, y: window.innerHeight - height, width: 350, height });
    });
  }
  /** Opens or closes a dialog as Bootstrap does; the observer reports it as a microtask. */
  const dialogOpen = async (open: boolean) => {
    await act(async () => {
      if (open)
        document.body.append(
          Object.assign(document.createElement('div'), { className: 'modal-dialog' }),
        );
      else document.querySelector('.modal-dialog')?.remove();
      document.body.classList.toggle('modal-open', open);
      await Promise.resolve();
    });
  };
  function renderProbe() {
    render(
      <ToastProvider>
        <Probe toast={{ Title: 'Saved', Msg: 'done' }} />
      </ToastProvider>,
    );
  }

  afterEach(async () => {
    await dialogOpen(false);
    vi.restoreAllMocks();
  });

  it('follows the toasts, and while a dialog is open only grows, so the dialog stays put', async () => {
    layOut(window.innerWidth - 500);
    renderProbe();
    expect(clearance()).toBe('0px');
    fireEvent.click(screen.getByText('show'));
    expect(clearance()).toBe('90px');

    await dialogOpen(true);
    expect(clearance()).toBe('90px');
    fireEvent.click(screen.getByText('show'));
    expect(clearance()).toBe('180px');
    advance(TOAST_AUTOHIDE_MS + TOAST_REMOVE_AFTER_HIDE_MS);
    expect(state()).toEqual([]);
    expect(clearance()).toBe('180px');

    await dialogOpen(false);
    expect(clearance()).toBe('0px');
  });

  it('keeps nothing for a dialog the toasts are beside', async () => {
    layOut(0);
    renderProbe();
    fireEvent.click(screen.getByText('show'));
    await dialogOpen(true);
    fireEvent.click(screen.getByText('show'));
    expect(clearance()).toBe('0px');
  });
});
