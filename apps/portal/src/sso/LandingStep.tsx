import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import {
  SIGN_IN_REDIRECT_COUNTDOWN_S,
  SIGN_IN_TEXTS,
  connectTo,
  redirectingIn,
} from '@portico/contracts';

export interface LandingStepProps {
  app: string;
  onGo(): void;
  onDeny(): void;
}

/**
 * "Connect to <app>" with a 3-second countdown, then the redirect; Continue Now goes at once,
 * Deny stays (section 2). The countdown text is a polite live region, announced once a second.
 */
export function LandingStep({ app, onGo, onDeny }: LandingStepProps) {
  const [left, setLeft] = useState(SIGN_IN_REDIRECT_COUNTDOWN_S);
  // The countdown must not restart when the parent passes a new callback.
  const go = useRef(onGo);
  useEffect(() => {
    go.current = onGo;
  }, [onGo]);

  useEffect(() => {
    if (left <= 0) {
      go.current();
      return;
    }
    const timer = setTimeout(() => setLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  return (
    <div className="text-center">
      <h1 className="h4 fw-semibold mb-2">{connectTo(app)}</h1>
      <p className="text-body-secondary mb-4" aria-live="polite">
        {redirectingIn(Math.max(left, 0))}
      </p>
      <div className="d-flex gap-2 sso-actions">
        <Button variant="outline-secondary" onClick={onDeny}>
          {SIGN_IN_TEXTS.deny}
        </Button>
        <Button autoFocus onClick={onGo}>
          {SIGN_IN_TEXTS.continueNow}
        </Button>
      </div>
    </div>
  );
}
