import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  PLATFORM_COMPANY_ID,
  ROLE_GLOBAL_ADMIN,
  ROLE_GLOBAL_OWNER,
  featureFlags,
  type FeatureFlags,
} from '@portico/contracts';
import { SideMenu } from './SideMenu';

function menuWith(flags: FeatureFlags, at = '/manage/me') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <SideMenu flags={flags} show={false} onHide={() => undefined} />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => `${link.textContent} ${link.getAttribute('href')}`);
}

const NONE = { users: false, dev: false, admin: false };

describe('side menu (section 6)', () => {
  it('shows only the everyday items without flags', () => {
    expect(menuWith(NONE)).toEqual([
      'Profile /manage/me',
      'Company /manage/company',
      'Subscriptions /manage/subs',
    ]);
  });

  it('shows Users and the audit trail with the users flag, and nothing of dev or admin', () => {
    expect(menuWith({ ...NONE, users: true })).toEqual([
      'Profile /manage/me',
      'Company /manage/company',
      'Users /manage/users',
      'Subscriptions /manage/subs',
      'Audit trail /manage/audit',
    ]);
  });

  it('shows Developer and Admin with its sub-pages with the dev and admin flags', () => {
    expect(menuWith({ users: true, dev: true, admin: true })).toEqual([
      'Profile /manage/me',
      'Company /manage/company',
      'Users /manage/users',
      'Subscriptions /manage/subs',
      'Audit trail /manage/audit',
      'Developer /manage/dev',
      'Admin /manage/admin',
      'Companies /manage/admin/companies',
      'IP Whitelist /manage/admin/ip-whitelist',
      'Banned IPs /manage/admin/ip-banned',
    ]);
  });

  it('hides Admin and its sub-pages when only the admin flag is false', () => {
    const items = menuWith({ users: true, dev: true, admin: false });
    expect(items).toContain('Developer /manage/dev');
    expect(items.some((item) => item.includes('/manage/admin'))).toBe(false);
  });

  it('gives a company administrator of the platform company every item', () => {
    const flags = featureFlags([ROLE_GLOBAL_ADMIN], PLATFORM_COMPANY_ID);
    expect(menuWith(flags)).toHaveLength(10);
  });

  it('gives the owner of another company Users and the audit trail but not Developer or Admin', () => {
    const flags = featureFlags([ROLE_GLOBAL_OWNER], 'acme');
    expect(menuWith(flags)).toHaveLength(5);
  });

  it('marks the current page', () => {
    menuWith({ users: true, dev: true, admin: true }, '/manage/admin/ip-banned');
    expect(screen.getByRole('link', { name: 'Banned IPs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  });
});
