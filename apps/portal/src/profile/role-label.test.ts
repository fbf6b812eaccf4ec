import { describe, expect, it } from 'vitest';
import { profileRoleLabel } from './role-label';

describe('profileRoleLabel', () => {
  it('shows the name the session gives the first role, of any application', () => {
    const names = { 'loans.officer': 'Loan Officer', 'global.admin': 'Admin' };
    expect(profileRoleLabel(['loans.officer', 'global.admin'], names)).toBe('Loan Officer');
    expect(profileRoleLabel(['global.admin', 'loans.officer'], names)).toBe('Admin');
    expect(
      profileRoleLabel(['loans.officer'], { 'loans.officer': 'Senior Loan Officer, Retail' }),
    ).toBe('Senior Loan Officer,...');
  });

  it('without names, names the built-in roles and keeps other ids; the first role decides', () => {
    expect(profileRoleLabel(['global.admin', 'global.owner'])).toBe('Admin');
    expect(profileRoleLabel(['app1.owner'])).toBe('Owner');
    expect(profileRoleLabel(['app1.viewer', 'global.admin'])).toBe('viewer');
    expect(profileRoleLabel([])).toBeUndefined();
  });
});
