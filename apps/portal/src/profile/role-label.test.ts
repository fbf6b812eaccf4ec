import { describe, expect, it } from 'vitest';
import { profileRoleLabel } from './role-label';

describe('profileRoleLabel', () => {
  it('names the built-in roles and keeps other ids; the first role decides', () => {
    expect(profileRoleLabel(['global.admin', 'global.owner'])).toBe('Admin');
    expect(profileRoleLabel(['app1.owner'])).toBe('Owner');
    expect(profileRoleLabel(['app1.viewer', 'global.admin'])).toBe('viewer');
    expect(profileRoleLabel([])).toBeUndefined();
  });
});
