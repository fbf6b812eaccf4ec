import { Button } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { calls, clients, DEV_LABELS as L, DEV_MESSAGES } from '@portico/contracts';
import { useApi } from '../api/context';
import { useDialogs } from '../ui/dialogs-context';
import { useToasts } from '../ui/toasts-context';
import { draftFromClient, updatePayload } from './client-form';
import { DEV_KEYS, type ClientEntry } from './queries';

interface RotateSecretButtonProps {
  client: ClientEntry;
  /** The new secret, whole: the caller shows it once. */
  onRotated: (secret: string) => void;
}

/**
 * "Rotate secret" of an existing client, for replacing a leaked secret. It asks first, because
 * the old secret stops working at once; the server answers the new one only in this answer.
 */
export function RotateSecretButton({ client, onRotated }: RotateSecretButtonProps) {
  const { open } = useDialogs();
  const { callApi } = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();

  async function rotate() {
    // clients.update takes every field: the stored ones go back unchanged with the rotation.
    const answer = await callApi(
      calls.clients.update,
      updatePayload(draftFromClient(client), client.id, clients.ROTATE_SECRET),
    );
    const secret = answer.Code === '200' ? answer.Msg.client_secret : undefined;
    if (secret === undefined) {
      toasts.show({
        Title: client.desc,
        Msg: DEV_MESSAGES.rotateFailed(client.desc),
        Type: 'danger',
      });
    } else {
      onRotated(secret);
    }
    // The list then shows the new mask; after a lost answer, whatever the server holds.
    await queryClient.invalidateQueries({ queryKey: DEV_KEYS.apps });
  }

  function confirm() {
    open({
      title: DEV_MESSAGES.rotateConfirmTitle,
      content: <p className="mb-0">{DEV_MESSAGES.rotateConfirmText(client.desc)}</p>,
      confirmContent: L.rotateSecret,
      confirmVariant: 'danger',
      onConfirm: rotate,
    });
  }

  return (
    <Button variant="outline-secondary" size="sm" onClick={confirm}>
      {L.rotateSecret}
    </Button>
  );
}
