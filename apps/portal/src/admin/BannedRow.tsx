import { Badge, Button } from 'react-bootstrap';
import {
  ADMIN_TOASTS,
  BANNED_TEXTS,
  CONSOLE_LABELS,
  SUCCESS_CODE,
  banExpiryLabel,
  banReasonLabel,
  calls,
  ipForDisplay,
} from '@portico/contracts';
import type { Success } from '../api/client';
import { useApi } from '../api/context';
import { useConfirmDelete } from '../ui/confirm-delete';
import { useToasts } from '../ui/toasts-context';
import { formatDateTime } from './format';
import { Truncated } from '../ui/Truncated';

type BannedEntry = Success<typeof calls.ipLists.banned>['Msg']['banned'][number];

/** One banned address with why, when, until when, how often, where and whom; and Unban. */
export function BannedRow({
  entry,
  onUnbanned,
}: {
  entry: BannedEntry;
  onUnbanned: () => Promise<unknown>;
}) {
  const api = useApi();
  const confirmDelete = useConfirmDelete();
  const toasts = useToasts();
  const users = entry.blockedUsers.join(', ');
  // RFC 5952's short form for people; the calls send the address as the server keeps it.
  const ip = ipForDisplay(entry.ip);

  function unban() {
    confirmDelete(
      async () => {
        const answer = await api.callApi(calls.ipLists.unban, { ip: entry.ip });
        const ok = answer.Code === SUCCESS_CODE;
        toasts.show({
          Title: ip,
          Msg: ok ? ADMIN_TOASTS.unbanned : ADMIN_TOASTS.unbanFailed,
          Type: ok ? 'success' : 'danger',
        });
        if (ok) await onUnbanned();
      },
      BANNED_TEXTS.unban,
      ip,
    );
  }

  const stuffing = entry.reason === 'credential_stuffing';
  return (
    <tr role="row">
      <td role="cell" className="font-monospace text-nowrap" data-label={BANNED_TEXTS.ip}>
        {ip}
      </td>
      <td role="cell" data-label={BANNED_TEXTS.reason}>
        <Badge bg={stuffing ? 'danger' : 'secondary'}>{banReasonLabel(entry.reason)}</Badge>
      </td>
      <td role="cell" className="text-nowrap" data-label={BANNED_TEXTS.bannedAt}>
        {formatDateTime(entry.bannedAt)}
      </td>
      <td role="cell" className="text-nowrap" data-label={BANNED_TEXTS.expires}>
        {banExpiryLabel(entry.expiresAt)}
      </td>
      <td role="cell" className="text-end" data-label={BANNED_TEXTS.attempts}>
        {entry.attemptCount}
      </td>
      <td role="cell" data-label={BANNED_TEXTS.client}>
        {entry.clientId ?? CONSOLE_LABELS.none}
      </td>
      <td role="cell" data-label={BANNED_TEXTS.app}>
        {entry.appId ?? CONSOLE_LABELS.none}
      </td>
      <td role="cell" data-label={BANNED_TEXTS.blockedUsers}>
        {users ? <Truncated text={users} /> : CONSOLE_LABELS.none}
      </td>
      <td role="cell" className="text-end table-cards-actions">
        <Button size="sm" variant="link" className="text-danger" onClick={unban}>
          {BANNED_TEXTS.unban} <span className="visually-hidden">{ip}</span>
        </Button>
      </td>
    </tr>
  );
}
