import { useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MFA_MESSAGES,
  MPIN_MESSAGES,
  PROFILE_TEXTS,
  SUCCESS_CODE,
  calls,
  encodeBase64,
  messageFor,
} from '@portico/contracts';
import { useApi } from '../../api/context';
import { sessionKeys } from '../../session/queries';
import { passkeysSupported } from '../../session/reauth/passkey';
import { Loading } from '../../ui/Loading';
import { useToasts } from '../../ui/toasts-context';
import { mfaSettingsQuery, profileKeys } from '../queries';
import { addPasskey } from './add-passkey';
import { AuthenticatorApp } from './AuthenticatorApp';
import { MfaModal } from './MfaModal';
import { MpinDialog } from './MpinDialog';
import { PasswordForm } from './PasswordForm';

const T = PROFILE_TEXTS;

type Toggle = { enable_pin: boolean } | { enable_passkey: boolean };
type Open = { kind: 'toggle'; toggle: Toggle } | { kind: 'mpin' } | { kind: 'passkey' };

/** The server's text when it gave one (section 8: "else the server message"). */
function serverMessage(msg: unknown): string | undefined {
  return typeof msg === 'string' ? msg : undefined;
}

/** Multifactor Authentication (section 2): PIN and passkey toggles, MPIN, passkeys. */
export function MfaSection() {
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const { data } = useQuery(mfaSettingsQuery(api));
  const [open, setOpen] = useState<Open>();
  const [shown, setShown] = useState(false);

  function show(next: Open) {
    setOpen(next);
    setShown(true);
  }
  const hide = () => setShown(false);

  async function refresh() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.mfa }),
      // The session details carry the same flags (the session-expired dialog reads them).
      queryClient.invalidateQueries({ queryKey: sessionKeys.details }),
    ]);
  }

  async function updateToggle(toggle: Toggle, password: string): Promise<string | undefined> {
    const answer = await api.callApi(calls.mfa.updateSettings, {
      ...toggle,
      password: encodeBase64(password),
    });
    if (answer.Code !== SUCCESS_CODE) {
      return messageFor(answer.Code, 'mfa', { serverMessage: serverMessage(answer.Msg) });
    }
    hide();
    toasts.show({ Title: T.mfaTitle, Msg: MFA_MESSAGES.success, Type: 'success' });
    await refresh();
    return undefined;
  }

  async function registerPasskey(password: string): Promise<string | undefined> {
    const failure = await addPasskey(api, password);
    if (failure !== undefined) return failure;
    hide();
    toasts.show({ Title: T.mfaTitle, Msg: T.passkeyAdded, Type: 'success' });
    await refresh();
    return undefined;
  }

  let body;
  if (data === undefined) {
    body = <Loading />;
  } else if (data.Code !== SUCCESS_CODE) {
    body = <Alert variant="danger">{MFA_MESSAGES.failure}</Alert>;
  } else {
    const flags = data.Msg;
    const canPasskey = passkeysSupported();
    body = (
      <>
        <Form.Check
          type="switch"
          role="switch"
          id="mfa-pin"
          className="mb-1"
          label={T.pinToggle}
          checked={flags.is_pin_enabled}
          // Turning on needs an MPIN first (docs/mfa.md); turning off is always allowed.
          disabled={!flags.is_pin_enabled && !flags.has_pin_setup}
          aria-describedby={flags.has_pin_setup ? undefined : 'mfa-pin-help'}
          onChange={() => show({ kind: 'toggle', toggle: { enable_pin: !flags.is_pin_enabled } })}
        />
        {!flags.has_pin_setup && (
          <Form.Text id="mfa-pin-help" className="d-block mb-2">
            {MFA_MESSAGES.pinNotSetUp}
          </Form.Text>
        )}
        <Form.Check
          type="switch"
          role="switch"
          id="mfa-passkey"
          className="mb-1 mt-2"
          label={T.passkeyToggle}
          checked={flags.is_passkey_enabled}
          disabled={!flags.is_passkey_enabled && !flags.has_passkey_setup}
          aria-describedby={flags.has_passkey_setup ? undefined : 'mfa-passkey-help'}
          onChange={() =>
            show({ kind: 'toggle', toggle: { enable_passkey: !flags.is_passkey_enabled } })
          }
        />
        {!flags.has_passkey_setup && (
          <Form.Text id="mfa-passkey-help" className="d-block mb-2">
            {MFA_MESSAGES.passkeyNotSetUp}
          </Form.Text>
        )}
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button variant="outline-primary" size="sm" onClick={() => show({ kind: 'mpin' })}>
            {flags.has_pin_setup ? T.changeMpin : T.setMpin}
          </Button>
          <Button
            variant="outline-primary"
            size="sm"
            disabled={!canPasskey}
            aria-describedby={canPasskey ? undefined : 'mfa-passkey-unsupported'}
            onClick={() => show({ kind: 'passkey' })}
          >
            {T.addPasskey}
          </Button>
        </div>
        {!canPasskey && (
          <Form.Text id="mfa-passkey-unsupported" className="d-block">
            {T.passkeyUnsupported}
          </Form.Text>
        )}
        <AuthenticatorApp />
      </>
    );
  }

  const hasPin = data?.Code === SUCCESS_CODE && data.Msg.has_pin_setup;
  return (
    <Card as="section" className="mb-3" aria-labelledby="profile-mfa-title">
      <Card.Header as="h2" id="profile-mfa-title" className="h6 bg-body">
        {T.mfaTitle}
      </Card.Header>
      <Card.Body>{body}</Card.Body>
      <MpinDialog
        title={hasPin ? T.changeMpin : T.setMpin}
        show={shown && open?.kind === 'mpin'}
        onHide={hide}
        onDone={() => {
          hide();
          toasts.show({ Title: T.mfaTitle, Msg: MPIN_MESSAGES.success, Type: 'success' });
          void refresh();
        }}
      />
      <MfaModal title={T.passwordTitle} show={shown && open?.kind !== 'mpin'} onHide={hide}>
        {open?.kind === 'toggle' && (
          <PasswordForm
            onCancel={hide}
            onSubmit={(password) => updateToggle(open.toggle, password)}
          />
        )}
        {open?.kind === 'passkey' && (
          <PasswordForm
            submitLabel={T.continue}
            onCancel={hide}
            onSubmit={(password) => registerPasskey(password)}
          />
        )}
      </MfaModal>
    </Card>
  );
}
