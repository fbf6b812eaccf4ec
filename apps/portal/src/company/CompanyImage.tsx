import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import {
  CODES,
  COMPANY_TEXTS,
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  SUCCESS_CODE,
  calls,
  isAcceptedImageType,
  uploadRefusalText,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { sessionKeys } from '../session/queries';
import { Avatar } from '../ui/Avatar';
import { useToasts } from '../ui/toasts-context';
import { companyKeys } from './queries';

export interface CompanyImageProps {
  name: string;
  img: string;
  canEdit: boolean;
}

/**
 * The company's avatar; company administrators replace it with a png, gif or jpeg. A refused
 * file is said under the button until the next choice (a toast would vanish before it is read
 * next to the control it concerns).
 */
export function CompanyImage({ name, img, canEdit }: CompanyImageProps) {
  const api = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Checked here too so a wrong file is refused before it travels; the server decides.
    const refused = !isAcceptedImageType(file.type)
      ? CODES.unsupported_media_type.text
      : file.size > IMAGE_MAX_BYTES
        ? CODES.payload_too_large.text
        : undefined;
    setError(refused);
    if (refused) return;
    const form = new FormData();
    form.append('profile', file);
    form.append('fname', file.name);
    setBusy(true);
    const answer = await api.sendForm(calls.company.uploadImage, form);
    setBusy(false);
    if (answer.Code !== SUCCESS_CODE) {
      setError(uploadRefusalText(answer.Code) ?? COMPANY_TEXTS.imageFailed);
      return;
    }
    toasts.show({ Title: name, Msg: COMPANY_TEXTS.imageUpdated, Type: 'success' });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: companyKeys.details }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
    ]);
  }

  return (
    <div className="company-image d-flex flex-column align-items-center gap-2">
      <Avatar name={name} src={img} size={96} />
      {canEdit && (
        <>
          <Button
            size="sm"
            variant="outline-primary"
            className="text-nowrap"
            onClick={() => input.current?.click()}
            disabled={busy}
            aria-busy={busy}
            aria-describedby={error ? 'company-image-error' : undefined}
          >
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {COMPANY_TEXTS.changeImage}
          </Button>
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            className="d-none"
            aria-label={COMPANY_TEXTS.changeImage}
            data-testid="company-image-input"
            onChange={(event) => void upload(event)}
          />
          {error && (
            <div
              id="company-image-error"
              className="invalid-feedback d-block m-0 company-image-error"
              role="alert"
            >
              {error}
            </div>
          )}
        </>
      )}
    </div>
  );
}
