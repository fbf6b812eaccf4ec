import { Alert, Table } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BRANCH_TEXTS, CONSOLE_LABELS, SUCCESS_CODE } from '@portico/contracts';
import { useApi } from '../api/context';
import { Loading } from '../ui/Loading';
import { BranchAddForm } from './BranchAddForm';
import { BranchRow } from './BranchRow';
import { branchesQuery, companyKeys } from './queries';
import './company.css';

export interface BranchListProps {
  com: string;
  canEdit: boolean;
  /** Also told after every change (the companies list shows branches too). */
  onChanged?: () => Promise<unknown>;
}

/** A company's branches (Id, Name); add, edit and delete with permission, else read-only. */
export function BranchList({ com, canEdit, onChanged }: BranchListProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery(branchesQuery(api, com));

  async function changed() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: companyKeys.branches(com) }),
      onChanged?.(),
    ]);
  }

  if (query.isPending) return <Loading />;
  if (query.data?.Code !== SUCCESS_CODE) {
    return <Alert variant="danger">{CONSOLE_LABELS.loadFailed}</Alert>;
  }
  const branches = query.data.Msg.branches;
  return (
    <>
      {branches.length === 0 ? (
        <p className="text-body-secondary mb-3">{BRANCH_TEXTS.noBranches}</p>
      ) : (
        <Table size="sm" responsive className={`console-table ${canEdit ? 'mb-3' : 'mb-0'}`}>
          <thead>
            <tr>
              <th scope="col">{CONSOLE_LABELS.id}</th>
              <th scope="col">{CONSOLE_LABELS.name}</th>
              {canEdit && (
                <th scope="col" className="text-end">
                  <span className="visually-hidden">{CONSOLE_LABELS.actions}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {branches.map((branch) => (
              <BranchRow
                key={branch.id}
                com={com}
                branch={branch}
                canEdit={canEdit}
                onChanged={changed}
              />
            ))}
          </tbody>
        </Table>
      )}
      {canEdit && <BranchAddForm com={com} onAdded={changed} />}
    </>
  );
}
