import { useState } from 'react';
import { Button } from 'react-bootstrap';
import {
  CODES,
  DELETE_ACCOUNT_TEXTS as T,
  NETWORK_ERROR,
  SHELL_MESSAGES,
  SUCCESS_CODE,
  calls,
  encodeBase64,
  messageFor,
  type ErrorCode,
} from '@portico/contracts';
import { useApi } from '../../api/context';
import { browser } from '../../session/browser';
import { MfaModal } from '../mfa/MfaModal';
import { PasswordForm } from '../mfa/PasswordForm';

/**
 * The text for a refused deletion: a wrong password says what the other password confirmations
 * say (section 8), a lost connection the shell's text, anything else its catalogue text.
 */
function refusalText(code: string): string {
  if (code === 'invalid_credentials') return messageFor(code, 'mfa') ?? T.failed;
  if (code === NETWORK_ERROR) return SHELL_MESSAGES.networkError;
  return code in CODES ? CODES[code as ErrorCode].text : T.failed;
}

/**
 * Deleting one's own account (profile.deleteAccount), shown where the session's client allows
 * it (allow_delete): the password confirms, the account is erased, and the page reloads into
 * the login, since no session is left anywhere.
 */
export function DeleteAccountSection() {
  const api = useApi();
  const [open, setOpen] = useState(false);

  async function submit(password: string): Promise<string | undefined> {
    const answer = await api.callApi(calls.profile.deleteAccount, {
      password: encodeBase64(password),
    });
    if (answer.Code === SUCCESS_CODE) {
      browser.reload();
      return undefined;
    }
    return refusalText(answer.Code);
  }

  return (
    <section className="card card-body mt-4" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="h5">
        {T.title}
      </h2>
      <p className="text-body-secondary">{T.text}</p>
      <div>
        <Button variant="outline-danger" onClick={() => setOpen(true)}>
          {T.button}
        </Button>
      </div>
      <MfaModal title={T.dialogTitle} show={open} onHide={() => setOpen(false)}>
        <p className="fw-semibold text-danger">{T.text}</p>
        <PasswordForm submitLabel={T.confirm} onSubmit={submit} onCancel={() => setOpen(false)} />
      </MfaModal>
    </section>
  );
}
