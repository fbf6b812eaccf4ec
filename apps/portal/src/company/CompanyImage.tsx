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
  isErrorCode,
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

/** The company's avatar; company administrators replace it with a png, gif or jpeg. */
export function CompanyImage({ name, img, canEdit }: CompanyImageProps) {
  const api = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  function refuse(text: string) {
    toasts.show({ Title: name, Msg: text, Type: 'danger' });
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Checked here too so a wrong file is refused before it travels; the server decides.
    if (!isAcceptedImageType(file.type)) return refuse(CODES.unsupported_media_type.text);
    if (file.size > IMAGE_MAX_BYTES) return refuse(CODES.payload_too_large.text);
    const form = new FormData();
    form.append('profile', file);
    form.append('fname', file.name);
    setBusy(true);
    const answer = await api.sendForm(calls.company.uploadImage, form);
    setBusy(false);
    if (answer.Code !== SUCCESS_CODE) {
      const text = isErrorCode(answer.Code) ? CODES[answer.Code].text : '';
      return refuse(text || COMPANY_TEXTS.imageFailed);
    }
    toasts.show({ Title: name, Msg: COMPANY_TEXTS.imageUpdated, Type: 'success' });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: companyKeys.details }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
    ]);
  }

  return (
    <div className="d-flex flex-column align-items-center gap-2">
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
        </>
      )}
    </div>
  );
}
