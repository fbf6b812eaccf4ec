import {
  PLATFORM_COMPANY_ID,
  PORTAL_CLIENT_ID,
  ROLE_GLOBAL_ADMIN,
  type calls,
} from '@portico/contracts';
import type { Success } from '../api/client';

type Details = Success<typeof calls.auth.details>['Msg'];

/** Session details of a platform administrator, with overrides. */
export function sessionDetails(overrides: Partial<Details> = {}): Details {
  return {
    dis: 'Maria Lopez',
    fname: 'Maria',
    lname: 'Lopez',
    avatar: '',
    email: 'maria@bank.example',
    roles: [ROLE_GLOBAL_ADMIN],
    role_names: { [ROLE_GLOBAL_ADMIN]: 'Admin' },
    com: { id: PLATFORM_COMPANY_ID, name: 'Portico Platform', img: '' },
    client: PORTAL_CLIENT_ID,
    allow_delete: false,
    is_pin_enabled: false,
    is_biometrics_enabled: false,
    is_passkey_enabled: false,
    has_pin_setup: false,
    has_passkey_setup: false,
    ...overrides,
  };
}
