import { Alert } from 'react-bootstrap';
import { useQuery } from '@tanstack/react-query';
import { CONSOLE_LABELS, SUCCESS_CODE, isCompanyAdmin } from '@portico/contracts';
import { useApi } from '../api/context';
import { SCREENS } from '../screens';
import { useSession } from '../session/context';
import { Loading } from '../ui/Loading';
import { BranchesSection } from './BranchesSection';
import { CompanyImage } from './CompanyImage';
import { CompanyNameField } from './CompanyNameField';
import { SecondFactorPolicy } from './SecondFactorPolicy';
import { companyDetailsQuery } from './queries';
import './company.css';

/**
 * /manage/company: the current company's avatar, Id, Name and Owner, its second-factor policy
 * (ours, docs/mfa.md) and its branches.
 */
export function CompanyScreen() {
  const api = useApi();
  const session = useSession();
  const query = useQuery(companyDetailsQuery(api));
  const canEdit = isCompanyAdmin(session.details?.roles ?? []);

  if (query.isPending) return <Loading />;
  if (query.data?.Code !== SUCCESS_CODE) {
    return <Alert variant="danger">{CONSOLE_LABELS.loadFailed}</Alert>;
  }
  const company = query.data.Msg;
  return (
    <>
      <h1 className="h4 mb-3">{SCREENS.company.label}</h1>
      <section className="card card-body" aria-label={company.name}>
        <div className="d-flex flex-column flex-sm-row gap-4 align-items-sm-start">
          <CompanyImage name={company.name} img={company.img} canEdit={canEdit} />
          <dl className="company-facts row mb-0 flex-grow-1">
            <dt className="col-sm-3">{CONSOLE_LABELS.id}</dt>
            <dd className="col-sm-9">{company.id}</dd>
            <dt className="col-sm-3">
              <label id="company-name-label" htmlFor="company-name">
                {CONSOLE_LABELS.name}
              </label>
            </dt>
            <dd className="col-sm-9">
              <CompanyNameField name={company.name} canEdit={canEdit} />
            </dd>
            <dt className="col-sm-3">{CONSOLE_LABELS.owner}</dt>
            <dd className="col-sm-9 mb-0">{company.owner || CONSOLE_LABELS.none}</dd>
          </dl>
        </div>
      </section>
      <SecondFactorPolicy required={company.second_factor_required} canEdit={canEdit} />
      <BranchesSection com={company.id} canEdit={canEdit} />
    </>
  );
}
