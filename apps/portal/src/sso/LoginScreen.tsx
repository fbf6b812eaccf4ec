import type { KeyboardEvent } from 'react';
import { useRef } from 'react';
import { Button, Form } from 'react-bootstrap';
import { LOGIN_TITLE } from '@portico/contracts';
import { PublicCard } from '../ui/PublicCard';
import { ClientLogo } from './ClientLogo';

/**
 * The login card (specification, section 2). Signing in (the call, device verification,
 * company choice, landing) is not built yet, so Login stays disabled and nothing is sent.
 */
export function LoginScreen() {
  const password = useRef<HTMLInputElement>(null);

  function nextOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    password.current?.focus();
  }

  return (
    <PublicCard>
      <ClientLogo />
      <h1 className="h4 fw-semibold text-center mb-4">{LOGIN_TITLE}</h1>
      <Form noValidate onSubmit={(event) => event.preventDefault()}>
        <Form.Group className="mb-3" controlId="login-username">
          <Form.Label>Username</Form.Label>
          <Form.Control
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            onKeyDown={nextOnEnter}
          />
        </Form.Group>
        <Form.Group className="mb-4" controlId="login-password">
          <Form.Label>Password</Form.Label>
          <Form.Control
            ref={password}
            type="password"
            name="password"
            autoComplete="current-password"
          />
        </Form.Group>
        <Button type="submit" className="w-100" disabled aria-describedby="login-unavailable">
          Login
        </Button>
        <Form.Text id="login-unavailable" className="d-block text-center mt-2">
          Signing in is not available yet.
        </Form.Text>
      </Form>
    </PublicCard>
  );
}
