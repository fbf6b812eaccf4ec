import type { ReactNode } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LOGIN_TITLE } from '@portico/contracts';
import { AdminLayout } from './admin/AdminLayout';
import { AuditScreen } from './audit/AuditScreen';
import { BannedIpsScreen } from './admin/BannedIpsScreen';
import { CompaniesScreen } from './admin/CompaniesScreen';
import { IpWhitelistScreen } from './admin/IpWhitelistScreen';
import { CompanyScreen } from './company/CompanyScreen';
import { DeveloperScreen } from './dev/DeveloperScreen';
import { InviteScreen } from './invite/InviteScreen';
import { ForgotScreen } from './password/ForgotScreen';
import { ResetScreen } from './password/ResetScreen';
import { ProfileScreen } from './profile/ProfileScreen';
import { RegisterScreen } from './register/RegisterScreen';
import { SCREENS, type ScreenInfo } from './screens';
import { LoginScreen } from './sso/LoginScreen';
import { SubscriptionsScreen } from './subs/SubscriptionsScreen';
import { NotFound } from './ui/NotFound';
import { PublicLayout } from './ui/PublicLayout';
import { RequireFlag } from './ui/RequireFlag';
import { Shell } from './ui/Shell';
import type { RouteHandle } from './ui/use-route-title';
import { UsersScreen } from './users/UsersScreen';

/** A route for a screen: its path, its element (behind its feature flag) and its name. */
function screen(
  info: ScreenInfo,
  element: ReactNode,
  extra: Partial<RouteObject> = {},
): RouteObject {
  const handle: RouteHandle = { label: info.label };
  return {
    path: info.path,
    element: info.flag ? <RequireFlag flag={info.flag}>{element}</RequireFlag> : element,
    handle,
    ...extra,
  } as RouteObject;
}

/** Every route of the specification (section 2). */
export const routes: RouteObject[] = [
  {
    // Used without a session: outside the signed-in shell.
    element: <PublicLayout />,
    children: [
      screen(SCREENS.sso, <LoginScreen />, {
        handle: { label: SCREENS.sso.label, title: LOGIN_TITLE } satisfies RouteHandle,
      }),
      screen(SCREENS.register, <RegisterScreen />),
      screen(SCREENS.invite, <InviteScreen />),
      screen(SCREENS.forgot, <ForgotScreen />),
      screen(SCREENS.reset, <ResetScreen />),
    ],
  },
  {
    path: '/',
    element: <Shell />,
    children: [
      // The default first page.
      { index: true, element: <Navigate to={SCREENS.profile.path} replace /> },
      screen(SCREENS.profile, <ProfileScreen />),
      screen(SCREENS.company, <CompanyScreen />),
      screen(SCREENS.users, <UsersScreen />),
      screen(SCREENS.subs, <SubscriptionsScreen />),
      screen(SCREENS.audit, <AuditScreen />),
      screen(SCREENS.dev, <DeveloperScreen />),
      screen(SCREENS.admin, <AdminLayout />, {
        children: [
          { index: true, element: <Navigate to={SCREENS.adminCompanies.path} replace /> },
          screen(SCREENS.adminCompanies, <CompaniesScreen />),
          screen(SCREENS.adminWhitelist, <IpWhitelistScreen />),
          screen(SCREENS.adminBanned, <BannedIpsScreen />),
        ],
      }),
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
