import { describe, expect, it, vi } from 'vitest';
import type { FormEvent } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACCOUNT_MESSAGES,
  CONFIRM_MESSAGES,
  confirmPasswordRule,
  passwordRule,
  resetFormSchema,
  usernameRule,
} from '@portico/contracts';
import { TextField } from './TextField';
import { useFormFields } from './use-form-fields';

/** A form as the screens build one: three fields, the reset schema deciding on submit. */
function Harness({ onValid, validateOnBlur }: { onValid: () => void; validateOnBlur?: boolean }) {
  const form = useFormFields<'username' | 'pass' | 'confirm'>({
    initial: { username: '', pass: '', confirm: '' },
    rules: {
      username: usernameRule,
      pass: passwordRule,
      confirm: (values) => confirmPasswordRule(values.pass),
    },
    schema: resetFormSchema,
    validateOnBlur,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.validateAll()) onValid();
  }
  return (
    <form noValidate onSubmit={submit}>
      <TextField id="h-user" label="Username" field={form.bind('username')} />
      <TextField
        id="h-pass"
        label="Password"
        type="password"
        field={form.bind('pass')}
        help="Rules"
      />
      <TextField id="h-confirm" label="Confirm" type="password" field={form.bind('confirm')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useFormFields with TextField', () => {
  it('checks a field when it loses focus and shows the rule message under it', async () => {
    const user = userEvent.setup();
    render(<Harness onValid={vi.fn()} />);
    const username = screen.getByLabelText('Username');
    await user.type(username, 'abc');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.usernameMin);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription(ACCOUNT_MESSAGES.usernameMin);
  });

  it('clears a field message as soon as the field is edited', async () => {
    const user = userEvent.setup();
    render(<Harness onValid={vi.fn()} />);
    const username = screen.getByLabelText('Username');
    await user.click(username);
    await user.tab();
    expect(screen.getByText(ACCOUNT_MESSAGES.usernameRequired)).toBeInTheDocument();
    await user.type(username, 'm');
    expect(screen.queryByText(ACCOUNT_MESSAGES.usernameRequired)).not.toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'false');
  });

  it('checks every field on submit, focuses the first bad one and does not submit', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(ACCOUNT_MESSAGES.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(CONFIRM_MESSAGES.required)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('checks the confirmation against the password typed so far', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    await user.type(screen.getByLabelText('Username'), 'maria_l');
    await user.type(screen.getByLabelText('Password'), 'Secret12');
    await user.type(screen.getByLabelText('Confirm'), 'Secret13');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(CONFIRM_MESSAGES.mismatch);
    await user.clear(screen.getByLabelText('Confirm'));
    await user.type(screen.getByLabelText('Confirm'), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onValid).toHaveBeenCalledTimes(1);
  });

  it('ties the help text to its field and can leave checks to the submit', async () => {
    const user = userEvent.setup();
    render(<Harness onValid={vi.fn()} validateOnBlur={false} />);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Rules');
    await user.click(screen.getByLabelText('Username'));
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
