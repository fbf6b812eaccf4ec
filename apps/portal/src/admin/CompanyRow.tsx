import { Button } from 'react-bootstrap';
import {
  COMPANIES_TEXTS,
  CONSOLE_LABELS,
  OWNER_ACTIONS,
  PLATFORM_COMPANY_ID,
  type calls,
} from '@portico/contracts';
import type { Success } from '../api/client';
import { Avatar } from '../ui/Avatar';
import { ownerAction } from './owner-action';

type CompanyList = Success<typeof calls.companies.list>['Msg'];
type Company = CompanyList['coms'][number];
type Access = CompanyList['owners'][string];

export interface CompanyRowProps {
  company: Company;
  access: Access | undefined;
  onOwner: () => void;
  onBranches: () => void;
  onRemove: () => void;
}

/** One company: image, id, name, its owner (or pending invitation) and its actions. */
export function CompanyRow({ company, access, onOwner, onBranches, onRemove }: CompanyRowProps) {
  const action = ownerAction(access);
  const pending = action === 'resend' && access !== undefined;
  const owner = pending ? COMPANIES_TEXTS.pendingOwner(access.email) : company.owner;
  return (
    <tr role="row">
      <td role="cell">
        <Avatar name={company.name} src={company.img} size={32} />
      </td>
      <td role="cell" className="text-nowrap" data-label={CONSOLE_LABELS.id}>
        {company.id}
      </td>
      <td role="cell" data-label={CONSOLE_LABELS.name}>
        {company.name}
      </td>
      <td role="cell" data-label={CONSOLE_LABELS.owner}>
        <div className="d-flex flex-wrap align-items-center gap-2">
          {owner && <span className={pending ? 'text-body-secondary' : ''}>{owner}</span>}
          <Button size="sm" variant="outline-primary" onClick={onOwner}>
            {OWNER_ACTIONS[action]} <span className="visually-hidden">{company.name}</span>
          </Button>
        </div>
      </td>
      <td role="cell" className="text-end text-nowrap table-cards-actions">
        <Button size="sm" variant="link" onClick={onBranches}>
          {COMPANIES_TEXTS.branches} <span className="visually-hidden">{company.name}</span>
        </Button>
        {/* The platform company cannot be removed (the API refuses it): no Remove to fail. */}
        {company.id !== PLATFORM_COMPANY_ID && (
          <Button size="sm" variant="link" className="text-danger" onClick={onRemove}>
            {CONSOLE_LABELS.remove} <span className="visually-hidden">{company.name}</span>
          </Button>
        )}
      </td>
    </tr>
  );
}
