import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { LOGIN_TITLE, SIGN_IN_TEXTS } from '@portico/contracts';
import { SCREENS } from '../screens';

export interface CredentialsStepProps {
  signingIn: boolean;
  message: string | undefined;
  /** Resolves with the answer's code, so the form knows whether to clear the password. */
  onSubmit(username: string, password: string): Promise<string>;
}

/**
 * Username then password (section 2): Enter in the username moves to the password, Enter in the
 * password submits; Login only when both are filled; "Forgot password?" once a username is
 * typed. A refused password is cleared and focused again for the next try.
 */
export function CredentialsStep({ signingIn, message, onSubmit }: CredentialsStepProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const passwordInput = useRef<HTMLInputElement>(null);
  const filled = username.trim() !== '' && password !== '';

  function nextOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    passwordInput.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!filled || signingIn) return;
    const code = await onSubmit(username.trim(), password);
    if (code !== '200' && code !== 'device_add') {
      setPassword('');
      passwordInput.current?.focus();
    }
  }

  return (
    <>
      <h1 className="h4 fw-semibold text-center mb-4">{LOGIN_TITLE}</h1>
      <Form noValidate onSubmit={submit}>
        <Form.Group className="mb-3" controlId="login-username">
          <Form.Label>Username</Form.Label>
          <Form.Control
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            onKeyDown={nextOnEnter}
          />
        </Form.Group>
        <Form.Group className="mb-2" controlId="login-password">
          <Form.Label>Password</Form.Label>
          <Form.Control
            ref={passwordInput}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Form.Group>
        <div className="text-end mb-3 small forgot-slot">
          {username.trim() !== '' && (
            <Link to={SCREENS.forgot.path}>{SIGN_IN_TEXTS.forgotLink}</Link>
          )}
        </div>
        {message && (
          <Alert variant="danger" className="py-2 small" role="alert">
            {message}
          </Alert>
        )}
        <Button type="submit" className="w-100" disabled={!filled || signingIn}>
          {signingIn ? SIGN_IN_TEXTS.signingIn : SIGN_IN_TEXTS.login}
        </Button>
      </Form>
    </>
  );
}
