import { useId, useState, type ChangeEvent } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import {
  calls,
  CODES,
  DEV_LABELS as L,
  DEV_MESSAGES,
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  isAcceptedImageType,
  uploadRefusalText,
} from '@portico/contracts';
import { assetUrl } from '../api/base-url';
import { useApi } from '../api/context';
import { DEV_KEYS } from './queries';

interface IconUploadProps {
  app: string;
  small: boolean;
  url: string;
}

/** One icon of an application (small `icons` or large `iconl`), uploaded as soon as chosen. */
export function IconUpload({ app, small, url }: IconUploadProps) {
  const { sendForm } = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const label = small ? L.smallIcon : L.largeIcon;
  const size = small ? 32 : 64;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImageType(file.type)) return setError(CODES.unsupported_media_type.text);
    if (file.size > IMAGE_MAX_BYTES) return setError(CODES.payload_too_large.text);
    setError(undefined);
    const form = new FormData();
    form.append('profile', file);
    form.append('app', app);
    form.append('fname', file.name);
    if (small) form.append('small', 'true');
    setBusy(true);
    const answer = await sendForm(calls.apps.uploadIcon, form);
    setBusy(false);
    if (answer.Code === '200') {
      await queryClient.invalidateQueries({ queryKey: DEV_KEYS.apps });
      return;
    }
    setError(uploadRefusalText(answer.Code) ?? DEV_MESSAGES.iconUploadFailed);
  }

  return (
    <Form.Group className="icon-upload d-flex align-items-center gap-3" controlId={id}>
      <div
        className="icon-upload-preview border rounded bg-body"
        style={{ width: size, height: size }}
      >
        {url ? (
          <img src={assetUrl(url)} alt={label} width={size} height={size} />
        ) : (
          <span className="visually-hidden">{L.noIcon}</span>
        )}
      </div>
      <div className="min-w-0">
        <Form.Label className="mb-1">{label}</Form.Label>
        <div className="d-flex align-items-center gap-2">
          <Form.Control
            type="file"
            size="sm"
            accept={IMAGE_ACCEPT}
            onChange={(event) => void choose(event as ChangeEvent<HTMLInputElement>)}
            disabled={busy}
            isInvalid={error !== undefined}
            aria-invalid={error !== undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {busy && <Spinner animation="border" size="sm" aria-hidden="true" />}
        </div>
        {error && (
          <Form.Control.Feedback type="invalid" id={`${id}-error`} role="alert" className="d-block">
            {error}
          </Form.Control.Feedback>
        )}
      </div>
    </Form.Group>
  );
}
