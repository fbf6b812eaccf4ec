import { useState, type ReactNode } from 'react';
import { Alert, Form, Table } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BANNED_SORTS,
  BANNED_SORT_LABELS,
  BANNED_TEXTS,
  CONSOLE_LABELS,
  DEFAULT_BANNED_SORT,
  SUCCESS_CODE,
  type BannedSort,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { SCREENS } from '../screens';
import { Loading } from '../ui/Loading';
import { BannedRow } from './BannedRow';
import { adminKeys, bannedQuery } from './queries';
import '../company/company.css';

function isBannedSort(value: string): value is BannedSort {
  return (BANNED_SORTS as readonly string[]).includes(value);
}

/** /manage/admin/ip-banned: banned addresses, sorted as chosen (newest first), and unban. */
export function BannedIpsScreen() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<BannedSort>(DEFAULT_BANNED_SORT);
  const query = useQuery(bannedQuery(api, sort));
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.banned });

  let body: ReactNode;
  if (query.isPending) body = <Loading />;
  else if (query.data?.Code !== SUCCESS_CODE) {
    body = <Alert variant="danger">{CONSOLE_LABELS.loadFailed}</Alert>;
  } else if (query.data.Msg.banned.length === 0) {
    body = <p className="text-body-secondary">{BANNED_TEXTS.empty}</p>;
  } else {
    body = (
      <div className="card">
        <Table responsive hover size="sm" role="table" className="console-table table-cards mb-0">
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">
                {BANNED_TEXTS.ip}
              </th>
              <th role="columnheader" scope="col">
                {BANNED_TEXTS.reason}
              </th>
              <th role="columnheader" scope="col">
                {BANNED_TEXTS.bannedAt}
              </th>
              <th role="columnheader" scope="col">
                {BANNED_TEXTS.expires}
              </th>
              <th role="columnheader" scope="col" className="text-end">
                {BANNED_TEXTS.attempts}
              </th>
              <th role="columnheader" scope="col">
                {BANNED_TEXTS.client}
              </th>
              <th role="columnheader" scope="col">
                {BANNED_TEXTS.app}
              </th>
              <th role="columnheader" scope="col">
                {BANNED_TEXTS.blockedUsers}
              </th>
              <th role="columnheader" scope="col" className="text-end">
                <span className="visually-hidden">{CONSOLE_LABELS.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {query.data.Msg.banned.map((entry) => (
              <BannedRow key={entry.ip} entry={entry} onUnbanned={refresh} />
            ))}
          </tbody>
        </Table>
      </div>
    );
  }

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-3">
        <h1 className="h4 mb-0">{SCREENS.adminBanned.label}</h1>
        <Form.Group controlId="banned-sort" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0 text-nowrap">{BANNED_TEXTS.sortBy}</Form.Label>
          <Form.Select
            size="sm"
            value={sort}
            onChange={(event) => {
              if (isBannedSort(event.target.value)) setSort(event.target.value);
            }}
          >
            {BANNED_SORTS.map((option) => (
              <option key={option} value={option}>
                {BANNED_SORT_LABELS[option]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      {body}
    </>
  );
}
