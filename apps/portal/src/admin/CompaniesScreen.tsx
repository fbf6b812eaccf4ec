import type { ReactNode } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_TOASTS,
  COMPANIES_TEXTS,
  CONSOLE_LABELS,
  SUCCESS_CODE,
  calls,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { BranchList } from '../company/BranchList';
import { SCREENS } from '../screens';
import { Loading } from '../ui/Loading';
import { useConfirmDelete } from '../ui/confirm-delete';
import { useDialogs } from '../ui/dialogs-context';
import { useToasts } from '../ui/toasts-context';
import { AddCompanyForm } from './AddCompanyForm';
import { CompanyRow } from './CompanyRow';
import { InviteOwnerForm } from './InviteOwnerForm';
import { ownerAction } from './owner-action';
import { adminKeys, companiesQuery } from './queries';
import '../company/company.css';

/** /manage/admin/companies: the tenants, their owners and branches (platform administrators). */
export function CompaniesScreen() {
  const api = useApi();
  const dialogs = useDialogs();
  const confirmDelete = useConfirmDelete();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const query = useQuery(companiesQuery(api));
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.companies });

  /** Opens a dialog whose content closes it when its work is done. */
  function openDialog(title: string, content: (done: () => Promise<void>) => ReactNode) {
    let id = '';
    const done = async () => {
      dialogs.close(id);
      await refresh();
    };
    id = dialogs.open({ title, content: content(done) });
  }

  function remove(company: { id: string; name: string }) {
    confirmDelete(async () => {
      const answer = await api.callApi(calls.companies.remove, { id: company.id });
      const ok = answer.Code === SUCCESS_CODE;
      toasts.show({
        Title: company.name,
        Msg: ok ? ADMIN_TOASTS.companyRemoved : ADMIN_TOASTS.companyRemoveFailed,
        Type: ok ? 'success' : 'danger',
      });
      if (ok) await refresh();
    }, CONSOLE_LABELS.remove);
  }

  const heading = (
    <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
      <h1 className="h4 mb-0">{SCREENS.adminCompanies.label}</h1>
      <Button
        onClick={() =>
          openDialog(COMPANIES_TEXTS.addCompany, (done) => <AddCompanyForm onAdded={done} />)
        }
      >
        {COMPANIES_TEXTS.addCompany}
      </Button>
    </div>
  );

  if (query.isPending) return <Loading />;
  if (query.data?.Code !== SUCCESS_CODE) {
    return (
      <>
        {heading}
        <Alert variant="danger">{CONSOLE_LABELS.loadFailed}</Alert>
      </>
    );
  }
  const { coms, owners } = query.data.Msg;
  return (
    <>
      {heading}
      {coms.length === 0 ? (
        <p className="text-body-secondary">{COMPANIES_TEXTS.noCompanies}</p>
      ) : (
        <div className="card">
          <Table responsive hover role="table" className="console-table table-cards mb-0">
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">
                  <span className="visually-hidden">{CONSOLE_LABELS.image}</span>
                </th>
                <th role="columnheader" scope="col">
                  {CONSOLE_LABELS.id}
                </th>
                <th role="columnheader" scope="col">
                  {CONSOLE_LABELS.name}
                </th>
                <th role="columnheader" scope="col">
                  {CONSOLE_LABELS.owner}
                </th>
                <th role="columnheader" scope="col" className="text-end">
                  <span className="visually-hidden">{CONSOLE_LABELS.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {coms.map((company) => {
                const access = owners[company.id];
                return (
                  <CompanyRow
                    key={company.id}
                    company={company}
                    access={access}
                    onOwner={() =>
                      openDialog(COMPANIES_TEXTS.inviteOwnerOf(company.name), (done) => (
                        <InviteOwnerForm
                          com={company.id}
                          email={ownerAction(access) === 'resend' ? access?.email : undefined}
                          onInvited={done}
                        />
                      ))
                    }
                    onBranches={() =>
                      dialogs.open({
                        title: COMPANIES_TEXTS.branchesOf(company.name),
                        size: 'lg',
                        content: <BranchList com={company.id} canEdit onChanged={refresh} />,
                      })
                    }
                    onRemove={() => remove(company)}
                  />
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}
