import { useId, useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import {
  CODES,
  type ReauthMethod,
  REAUTH_LABELS,
  TOTP_LABELS,
  recoveryCodeRule,
  totpCodeRule,
} from '@portico/contracts';
import { CodeMethod } from './CodeMethod';
import { Avatar } from '../../ui/Avatar';
import { Loading } from '../../ui/Loading';
import type { SessionPerson } from '../context';
import { ssoPath } from '../sso-path';
import { reauthMethods, type MfaFlags } from './methods';
import { MethodSwitch } from './MethodSwitch';
import { MpinMethod } from './MpinMethod';
import { PasskeyMethod } from './PasskeyMethod';
import { PasswordMethod } from './PasswordMethod';
import { useReauth } from './use-reauth';
import { useReauthFlags } from './use-reauth-flags';

export interface ReauthDialogProps {
  show: boolean;
  /** Who the session belongs to, as far as the session knows. */
  person: SessionPerson | undefined;
  /** The MFA flags the session had; mfa.settings replaces them when it answers. */
  flags: MfaFlags | undefined;
  client: string;
  /** The current page, sent with the credential. */
  redirect: string;
  /** After a 200: lift the expired state and reload what the page shows (no navigation). */
  onReauthenticated(): Promise<void> | void;
  /** device_add: the device verification with the code e-mailed under `otpref` takes over. */
  onDeviceVerification?(otpref: string): void;
  /** Where "Go to login" leads when already on the login page: back to its form. */
  onGoToLogin?(): void;
}

/**
 * The session-expired dialog (specification, section 2): over the signed-in page, it cannot be
 * dismissed; the user re-authenticates in place by passkey, MPIN or password (the best one they
 * have preselected, the others offered), or leaves for the login of the client.
 */
export function ReauthDialog({ show, ...content }: ReauthDialogProps) {
  const titleId = useId();
  return (
    <Modal show={show} backdrop="static" keyboard={false} centered aria-labelledby={titleId}>
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h5">
          {REAUTH_LABELS.title}
        </Modal.Title>
      </Modal.Header>
      {/* Mounted only while shown: every opening starts afresh and asks for the flags again. */}
      <ReauthContent {...content} />
    </Modal>
  );
}

function ReauthContent({
  person,
  flags: knownFlags,
  client,
  redirect,
  onReauthenticated,
  onDeviceVerification,
  onGoToLogin,
}: Omit<ReauthDialogProps, 'show'>) {
  const fresh = useReauthFlags(knownFlags);
  const methods = reauthMethods(fresh.flags);
  const [chosen, setChosen] = useState<ReauthMethod>();
  const method = methods.find((candidate) => candidate === chosen) ?? methods[0] ?? 'password';
  const { attempt, busy, failure, clearFailure } = useReauth({
    client,
    redirect,
    onReauthenticated,
    ...(onDeviceVerification ? { onDeviceVerification } : {}),
  });
  const shownPerson = fresh.person ?? person;

  function panel(which: ReauthMethod) {
    switch (which) {
      case 'password':
        return (
          <PasswordMethod busy={busy} onSubmit={(value) => attempt({ method: which, value })} />
        );
      case 'mpin':
        return <MpinMethod busy={busy} onSubmit={(value) => attempt({ method: which, value })} />;
      case 'passkey':
        return <PasskeyMethod busy={busy} onSubmit={() => attempt({ method: which })} />;
      case 'totp':
        return (
          <CodeMethod
            id="reauth-totp"
            label={TOTP_LABELS.code}
            rule={totpCodeRule}
            numeric
            busy={busy}
            onSubmit={(value) => attempt({ method: which, value })}
          />
        );
      case 'recovery':
        return (
          <CodeMethod
            id="reauth-recovery"
            label={TOTP_LABELS.recoveryCode}
            rule={recoveryCodeRule}
            busy={busy}
            onSubmit={(value) => attempt({ method: which, value })}
          />
        );
    }
  }

  function choose(next: ReauthMethod) {
    if (next === method) return;
    setChosen(next);
    clearFailure();
  }

  let methodsView = null;
  if (fresh.loading) methodsView = <Loading label={REAUTH_LABELS.loading} />;
  else if (!failure?.final) {
    methodsView = (
      <>
        {methods.length > 1 && (
          <MethodSwitch methods={methods} method={method} disabled={busy} onChoose={choose} />
        )}
        {/* Keyed by method: a switch starts the chosen one afresh. */}
        <div key={method}>{panel(method)}</div>
      </>
    );
  }

  return (
    <>
      <Modal.Body>
        {shownPerson && (
          <div className="d-flex align-items-center gap-2 mb-3">
            <Avatar name={shownPerson.dis} src={shownPerson.avatar} size={40} />
            <span className="fw-semibold">{shownPerson.dis}</span>
          </div>
        )}
        <p>{CODES.session_expired.text}</p>
        {failure && (
          <Alert variant="danger" className="py-2 small" role="alert">
            {failure.text}
          </Alert>
        )}
        {methodsView}
      </Modal.Body>
      <Modal.Footer>
        {onGoToLogin ? (
          <Button variant={failure?.final ? 'primary' : 'link'} onClick={onGoToLogin}>
            {REAUTH_LABELS.goToLogin}
          </Button>
        ) : (
          <a
            className={`btn ${failure?.final ? 'btn-primary' : 'btn-link'}`}
            href={ssoPath(client)}
          >
            {REAUTH_LABELS.goToLogin}
          </a>
        )}
      </Modal.Footer>
    </>
  );
}
