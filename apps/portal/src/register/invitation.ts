import { emailRule, fieldError } from '@portico/contracts';
import { SCREENS } from '../screens';

/** The invitation a registration claims: its access code and the invited e-mail. */
export interface Invitation {
  code: string;
  email: string;
}

/** Router state /invite leaves for /reg when the invitation was already accepted. */
export interface RegisterLocationState {
  inviteAccepted?: boolean;
}

/** The invitation named by `?code=&email=`; undefined when either is missing or unusable. */
export function invitationFrom(params: URLSearchParams): Invitation | undefined {
  const code = params.get('code')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  if (code === '' || fieldError(emailRule, email) !== undefined) return undefined;
  return { code, email };
}

/** /reg carrying what the invitation link had (an incomplete one carries what there is). */
export function registerPath(code: string | null, email: string | null): string {
  const query = new URLSearchParams();
  if (code) query.set('code', code);
  if (email) query.set('email', email);
  const search = query.toString();
  return search ? `${SCREENS.register.path}?${search}` : SCREENS.register.path;
}
