import { APP_STATUS, PLATFORM_COMPANY_ID, PORTAL_APP_ID } from '@portico/contracts';
import type { Database } from '../db.js';
import { imageUrl } from '../files/image-url.js';
import type { ApiError } from '../http/api-error.js';
import { gateError } from './gate-error.js';
import type { SignInClient } from './sign-in-client.js';

/** A company as the session list shows it (specification, section 3). */
export interface SessionCompany {
  id: string;
  name: string;
  img: string;
}

/**
 * The user's companies for one client, sorted into what the gates answer:
 * - `selectable`: verified access, and the application's status admits the company;
 * - `pending`: admitted by the status, but only invitations not yet accepted (access_unverified);
 * - `prohibited`: access exists but the status refuses the company (app_access_prohibited).
 */
export interface CompanyAccess {
  selectable: SessionCompany[];
  pending: string[];
  prohibited: string[];
  /** The selectable companies that require a second factor of their members (docs/mfa.md). */
  requiringSecondFactor: string[];
}

/** The companies a sign-in may go on to, and whether it must have a second factor first. */
export interface SignInCompanies {
  selectable: SessionCompany[];
  /** The client, or one of the selectable companies, requires a second factor (docs/mfa.md). */
  secondFactorRequired: boolean;
}

export interface AccessRow {
  id: string;
  name: string;
  image_id: string | null;
  verified: boolean;
  subscribed: boolean;
  second_factor_required: boolean;
}

/**
 * Whether an application's status admits a company: Alpha only the platform company, Beta a
 * company with a subscription row (beta or subs), Released and Internal every company (the
 * user's access decides). Disabled is refused before (app_disabled).
 */
export function statusAdmits(appStatus: number, companyId: string, subscribed: boolean): boolean {
  if (appStatus === APP_STATUS.alpha) return companyId === PLATFORM_COMPANY_ID;
  if (appStatus === APP_STATUS.beta) return subscribed;
  return appStatus === APP_STATUS.released || appStatus === APP_STATUS.internal;
}

/**
 * The access rows of a user for a client's application, one row per company: the companies
 * where the user has access for the application, or, for the portal's own application (which
 * is for everyone), access to any application. Invitations not yet linked to the account are
 * found by its e-mail, so they count as pending. The arguments are SQL expressions (parameters,
 * or columns of a query it is part of: auth/sign-in-reads.ts).
 */
export function accessRowsQuery(userId: string, email: string, appId: string): string {
  return `
    SELECT c.id, c.name, c.image_id, c.second_factor_required,
           bool_or(a.status = 'verified' AND a.user_id = ${userId}) AS verified,
           EXISTS (SELECT 1 FROM company_subscriptions s
                    WHERE s.company_id = c.id AND s.app_id = ${appId}) AS subscribed
      FROM access a JOIN companies c ON c.id = a.company_id
     WHERE (a.user_id = ${userId} OR a.email = ${email})
       AND (${appId} = '${PORTAL_APP_ID}' OR a.app_id = ${appId})
     GROUP BY c.id, c.name, c.image_id, c.second_factor_required
     ORDER BY c.name, c.id`;
}

/** One named statement: $1 the user's id, $2 their e-mail, $3 the client's application. */
const COMPANY_ACCESS = accessRowsQuery('$1', '$2', '$3');

export async function companyAccessFor(
  db: Database,
  user: { id: string; email: string },
  client: Pick<SignInClient, 'appId' | 'appStatus'>,
  publicUrl: string,
): Promise<CompanyAccess> {
  const rows = await db.query<AccessRow>('portico_company_access', COMPANY_ACCESS, [
    user.id,
    user.email,
    client.appId,
  ]);
  return sortCompanyAccess(rows, client, publicUrl);
}

/** The access rows sorted into what the gates answer. */
export function sortCompanyAccess(
  rows: AccessRow[],
  client: Pick<SignInClient, 'appStatus'>,
  publicUrl: string,
): CompanyAccess {
  const access: CompanyAccess = {
    selectable: [],
    pending: [],
    prohibited: [],
    requiringSecondFactor: [],
  };
  for (const row of rows) {
    if (!statusAdmits(client.appStatus, row.id, row.subscribed)) access.prohibited.push(row.id);
    else if (row.verified) {
      access.selectable.push({
        id: row.id,
        name: row.name,
        img: imageUrl(publicUrl, row.image_id),
      });
      if (row.second_factor_required) access.requiringSecondFactor.push(row.id);
    } else access.pending.push(row.id);
  }
  return access;
}

/**
 * Why no company is left, in the gate order: the application refuses every company the user is
 * in (app_access_prohibited), access only pending (access_unverified), no access at all
 * (access_not_found). Undefined when a company is selectable.
 */
export function noCompanyFailure(access: CompanyAccess, appName: string): ApiError | undefined {
  if (access.selectable.length > 0) return undefined;
  if (access.pending.length > 0) return gateError('access_unverified', appName);
  if (access.prohibited.length > 0) return gateError('app_access_prohibited', appName);
  return gateError('access_not_found', appName);
}

/** The selectable companies, or the gate failure when there is none. */
export async function passCompanyGates(
  db: Database,
  user: { id: string; email: string },
  client: SignInClient,
  publicUrl: string,
): Promise<SignInCompanies> {
  return companyGates(await companyAccessFor(db, user, client, publicUrl), client);
}

/** passCompanyGates on access already read and sorted. */
export function companyGates(access: CompanyAccess, client: SignInClient): SignInCompanies {
  const failure = noCompanyFailure(access, client.appName);
  if (failure) throw failure;
  return {
    selectable: access.selectable,
    secondFactorRequired: client.secondFactorRequired || access.requiringSecondFactor.length > 0,
  };
}

/** The gate answer for one chosen company: undefined when the user may choose it. */
export function companyChoiceFailure(
  access: CompanyAccess,
  companyId: string,
  appName: string,
): ApiError | undefined {
  if (access.selectable.some((company) => company.id === companyId)) return undefined;
  if (access.pending.includes(companyId)) return gateError('access_unverified', appName);
  if (access.prohibited.includes(companyId)) return gateError('app_access_prohibited', appName);
  return gateError('access_not_found', appName);
}
