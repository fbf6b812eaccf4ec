import { useQuery } from '@tanstack/react-query';
import { BRANCH_TEXTS, SUCCESS_CODE } from '@portico/contracts';
import { useApi } from '../api/context';
import { BranchList } from './BranchList';
import { branchesQuery } from './queries';

/**
 * The Branches section of the company screen (section 6): company administrators manage them;
 * others see them read-only, and nothing at all while the company has none.
 */
export function BranchesSection({ com, canEdit }: { com: string; canEdit: boolean }) {
  const api = useApi();
  const query = useQuery(branchesQuery(api, com));
  const none = query.data?.Code === SUCCESS_CODE && query.data.Msg.branches.length === 0;
  if (!canEdit && (query.isPending || none)) return null;
  return (
    <section aria-labelledby="company-branches-heading" className="card card-body mt-3">
      <h2 id="company-branches-heading" className="h5 mb-3">
        {BRANCH_TEXTS.heading}
      </h2>
      <BranchList com={com} canEdit={canEdit} />
    </section>
  );
}
