import type { FeatureFlags } from '@portico/contracts';

export interface ScreenInfo {
  path: string;
  label: string;
  /** The feature flag (section 6) without which the screen is hidden from the side menu. */
  flag?: keyof FeatureFlags;
}

/** Every screen of the specification (section 2): its route and the name the portal gives it. */
export const SCREENS = {
  sso: { path: '/sso', label: 'Login' },
  register: { path: '/reg', label: 'Register User' },
  invite: { path: '/invite', label: 'Invitation' },
  forgot: { path: '/forgot', label: 'Forgot Password?' },
  reset: { path: '/reset', label: 'Reset Password' },
  profile: { path: '/manage/me', label: 'Profile' },
  company: { path: '/manage/company', label: 'Company' },
  users: { path: '/manage/users', label: 'Users', flag: 'users' },
  subs: { path: '/manage/subs', label: 'Subscriptions' },
  // Ours (docs/audit.md): company owners and admins (their company), platform admins (all).
  audit: { path: '/manage/audit', label: 'Audit trail', flag: 'users' },
  dev: { path: '/manage/dev', label: 'Developer', flag: 'dev' },
  admin: { path: '/manage/admin', label: 'Admin', flag: 'admin' },
  adminCompanies: { path: '/manage/admin/companies', label: 'Companies' },
  adminWhitelist: { path: '/manage/admin/ip-whitelist', label: 'IP Whitelist' },
  adminBanned: { path: '/manage/admin/ip-banned', label: 'Banned IPs' },
} as const satisfies Record<string, ScreenInfo>;

/** The side menu (section 6): items, with the admin sub-pages under Admin (and its flag). */
export const MENU: readonly (ScreenInfo & { children?: readonly ScreenInfo[] })[] = [
  SCREENS.profile,
  SCREENS.company,
  SCREENS.users,
  SCREENS.subs,
  SCREENS.audit,
  SCREENS.dev,
  {
    ...SCREENS.admin,
    children: [SCREENS.adminCompanies, SCREENS.adminWhitelist, SCREENS.adminBanned],
  },
];
