import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import {
  IMAGE_ACCEPT,
  PROFILE_TEXTS,
  SUCCESS_CODE,
  calls,
  uploadRefusalText,
} from '@portico/contracts';
import { useApi } from '../../api/context';
import { sessionKeys } from '../../session/queries';
import { useToasts } from '../../ui/toasts-context';
import { avatarFileError, avatarForm } from './avatar-file';

/**
 * The avatar's upload control: a button opens the file chooser; a file of the wrong type or size
 * is refused here with a message, an accepted one is sent and the session (top bar included)
 * shows the new picture.
 */
export function AvatarPicker() {
  const { sendForm } = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const refused = avatarFileError(file);
    setError(refused);
    if (refused) return;
    setBusy(true);
    const answer = await sendForm(calls.profile.uploadAvatar, avatarForm(file));
    setBusy(false);
    if (answer.Code === SUCCESS_CODE) {
      toasts.show({
        Title: PROFILE_TEXTS.avatarLabel,
        Msg: PROFILE_TEXTS.avatarUploaded,
        Type: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.details });
    } else {
      setError(
        answer.Code === 'payload_too_large'
          ? PROFILE_TEXTS.avatarTooLarge
          : (uploadRefusalText(answer.Code) ?? PROFILE_TEXTS.avatarFailed),
      );
    }
  }

  return (
    <div className="text-center">
      <input
        ref={input}
        type="file"
        hidden
        accept={IMAGE_ACCEPT}
        aria-label={PROFILE_TEXTS.avatarLabel}
        onChange={(event) => void upload(event)}
      />
      <Button
        variant="outline-primary"
        size="sm"
        disabled={busy}
        aria-busy={busy}
        // The button is what a person operates (the input is hidden): the refusal describes it.
        aria-describedby={error ? 'avatar-error' : undefined}
        onClick={() => input.current?.click()}
      >
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {PROFILE_TEXTS.avatarChange}
      </Button>
      {error && (
        <div id="avatar-error" className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
