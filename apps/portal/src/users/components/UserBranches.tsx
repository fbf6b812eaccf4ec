import { Badge, Button, CloseButton, Spinner } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { USERS_SCREEN_TEXTS, calls } from '@portico/contracts';
import { useApi } from '../../api/context';
import { useToasts } from '../../ui/toasts-context';
import { useFormDialog } from '../form-dialog';
import { userBranchesQuery, usersKeys } from '../queries';
import { AssignBranchForm } from './AssignBranchForm';
import { Truncated } from '../../ui/Truncated';

const T = USERS_SCREEN_TEXTS;

export interface UserBranchesProps {
  com: string;
  userid: string;
  companyBranches: readonly { id: string; name: string }[];
  editable: boolean;
}

/** Branches Assigned: the user's branches, the servicing one marked; assign and remove. */
export function UserBranches({ com, userid, companyBranches, editable }: UserBranchesProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const openForm = useFormDialog();
  const { data, isPending } = useQuery(userBranchesQuery(api, com, userid));
  const assigned = data?.branches ?? [];
  const unassigned = companyBranches.filter((b) => !assigned.some((a) => a.id === b.id));

  async function remove(branch: string) {
    const answer = await api.callApi(calls.branches.removeUserBranch, { com, userid, branch });
    const ok = answer.Code === '200';
    toasts.show({
      Title: ok ? T.successTitle : T.failedTitle,
      Msg: ok ? T.branchUnassigned : T.branchUnassignFailed,
      Type: ok ? 'success' : 'danger',
    });
    if (ok) await queryClient.invalidateQueries({ queryKey: usersKeys.all });
  }

  if (isPending) return <Spinner animation="border" size="sm" role="status" />;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      {assigned.length === 0 && <span className="text-body-secondary">{T.noBranches}</span>}
      {assigned.map((branch) => (
        <span
          key={branch.id}
          className="d-inline-flex align-items-center gap-1 border rounded-pill px-2 py-1 bg-body"
        >
          <Truncated text={branch.name} />
          {branch.servicing && (
            <Badge bg="primary" pill>
              {T.servicingBadge}
            </Badge>
          )}
          {editable && (
            <CloseButton
              className="ms-1"
              style={{ fontSize: '0.6rem' }}
              aria-label={T.removeBranch(branch.name)}
              onClick={() => void remove(branch.id)}
            />
          )}
        </span>
      ))}
      {/* Section 5: the add control only while fewer branches are assigned than exist. */}
      {editable && assigned.length < companyBranches.length && (
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() =>
            openForm({
              title: T.assignBranchTitle,
              confirmContent: T.add,
              render: (control) => (
                <AssignBranchForm
                  control={control}
                  com={com}
                  userid={userid}
                  branches={unassigned}
                />
              ),
            })
          }
        >
          <span aria-hidden="true">+</span> {T.assignBranch}
        </Button>
      )}
    </div>
  );
}
