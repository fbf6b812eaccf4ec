import {
  BUILT_IN_ROLES,
  GLOBAL_APP_ID,
  GLOBAL_APP_NAME,
  PLATFORM_COMPANY_ID,
  PORTAL_APP_ID,
  PORTAL_CLIENT_ID,
  PRODUCT_NAME,
  APP_STATUS,
  CLIENT_DEFAULTS,
} from '@portico/contracts';

/** What an empty database gets: the platform company, the company pseudo-app and the portal. */
export const PLATFORM = {
  company: { id: PLATFORM_COMPANY_ID, name: `${PRODUCT_NAME} Platform` },
  globalApp: {
    id: GLOBAL_APP_ID,
    name: GLOBAL_APP_NAME,
    description: 'Company-level roles',
    status: APP_STATUS.internal,
  },
  portalApp: {
    id: PORTAL_APP_ID,
    name: PRODUCT_NAME,
    description: 'Sign-in, profile and administration portal',
    status: APP_STATUS.internal,
  },
  portalClient: { id: PORTAL_CLIENT_ID, description: `${PRODUCT_NAME} portal (web)` },
  builtInRoles: BUILT_IN_ROLES,
  clientDefaults: CLIENT_DEFAULTS,
} as const;
