import { type ReactNode } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_TOASTS,
  CONSOLE_LABELS,
  SUCCESS_CODE,
  WHITELIST_TEXTS,
  calls,
  ipForDisplay,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { SCREENS } from '../screens';
import { Loading } from '../ui/Loading';
import { useConfirmDelete } from '../ui/confirm-delete';
import { useDialogs } from '../ui/dialogs-context';
import { useToasts } from '../ui/toasts-context';
import { AddWhitelistForm } from './AddWhitelistForm';
import { formatDateTime } from './format';
import { adminKeys, whitelistQuery } from './queries';
import '../company/company.css';

/** /manage/admin/ip-whitelist: addresses that are never banned; add and remove. */
export function IpWhitelistScreen() {
  const api = useApi();
  const dialogs = useDialogs();
  const confirmDelete = useConfirmDelete();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const query = useQuery(whitelistQuery(api));
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.whitelist });

  function add() {
    let id = '';
    const done = async () => {
      dialogs.close(id);
      await refresh();
    };
    id = dialogs.open({
      title: WHITELIST_TEXTS.addIp,
      content: <AddWhitelistForm onAdded={done} />,
    });
  }

  /** `ip` as the server keeps it goes to the call; people read RFC 5952's short form. */
  function remove(ip: string) {
    const shown = ipForDisplay(ip);
    confirmDelete(
      async () => {
        const answer = await api.callApi(calls.ipLists.removeWhitelist, { ip });
        const ok = answer.Code === SUCCESS_CODE;
        toasts.show({
          Title: shown,
          Msg: ok ? ADMIN_TOASTS.whitelistRemoved : ADMIN_TOASTS.whitelistRemoveFailed,
          Type: ok ? 'success' : 'danger',
        });
        if (ok) await refresh();
      },
      CONSOLE_LABELS.remove,
      shown,
    );
  }

  let body: ReactNode;
  if (query.isPending) body = <Loading />;
  else if (query.data?.Code !== SUCCESS_CODE) {
    body = <Alert variant="danger">{CONSOLE_LABELS.loadFailed}</Alert>;
  } else if (query.data.Msg.whitelist.length === 0) {
    body = <p className="text-body-secondary">{WHITELIST_TEXTS.empty}</p>;
  } else {
    body = (
      <div className="card">
        <Table responsive hover role="table" className="console-table table-cards mb-0">
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">
                {WHITELIST_TEXTS.ip}
              </th>
              <th role="columnheader" scope="col">
                {WHITELIST_TEXTS.addedAt}
              </th>
              <th role="columnheader" scope="col">
                {WHITELIST_TEXTS.addedBy}
              </th>
              <th role="columnheader" scope="col">
                {WHITELIST_TEXTS.description}
              </th>
              <th role="columnheader" scope="col" className="text-end">
                <span className="visually-hidden">{CONSOLE_LABELS.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {query.data.Msg.whitelist.map((entry) => (
              <tr key={entry.ip} role="row">
                <td
                  role="cell"
                  className="font-monospace text-nowrap"
                  data-label={WHITELIST_TEXTS.ip}
                >
                  {ipForDisplay(entry.ip)}
                </td>
                <td role="cell" className="text-nowrap" data-label={WHITELIST_TEXTS.addedAt}>
                  {formatDateTime(entry.addedAt)}
                </td>
                <td role="cell" data-label={WHITELIST_TEXTS.addedBy}>
                  {entry.addedBy}
                </td>
                <td role="cell" data-label={WHITELIST_TEXTS.description}>
                  {entry.description || CONSOLE_LABELS.none}
                </td>
                <td role="cell" className="text-end table-cards-actions">
                  <Button
                    size="sm"
                    variant="link"
                    className="text-danger"
                    onClick={() => remove(entry.ip)}
                  >
                    {CONSOLE_LABELS.remove}{' '}
                    <span className="visually-hidden">{ipForDisplay(entry.ip)}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    );
  }

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0">{SCREENS.adminWhitelist.label}</h1>
        <Button onClick={add}>{WHITELIST_TEXTS.addIp}</Button>
      </div>
      {body}
    </>
  );
}
