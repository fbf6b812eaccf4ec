import { describe, expect, it } from 'vitest';
import { ROLE_GLOBAL_ADMIN, ROLE_GLOBAL_OWNER } from '@portico/contracts';
import { groupUserRows } from './grouped-user';
import { permissionsFor, visibleRoles } from './permissions';
import { ROLE_DEFS, row } from './test-helpers';

const member = groupUserRows([row('ann@bank.example')])[0]!;
const adminTarget = groupUserRows([row('boss@bank.example', { roles: ['admin'] })])[0]!;
const owner = { roles: [ROLE_GLOBAL_OWNER], email: 'owner@bank.example' };
const admin = { roles: [ROLE_GLOBAL_ADMIN], email: 'admin@bank.example' };
const plain = { roles: ['global.member'], email: 'plain@bank.example' };

describe('users screen permissions (section 6)', () => {
  it('lets a company admin change a plain member', () => {
    expect(permissionsFor(admin, member)).toEqual({
      editName: true,
      editRoles: true,
      removeAccess: true,
      reset: true,
      invites: true,
      ownerActions: false,
    });
  });

  it('lets a plain member change nobody', () => {
    expect(Object.values(permissionsFor(plain, member))).not.toContain(true);
  });

  it('keeps an admin-level target for the owner: never its role switches, but removal and the owner actions', () => {
    expect(permissionsFor(admin, adminTarget)).toMatchObject({
      editName: false,
      reset: false,
      editRoles: false,
      removeAccess: false,
    });
    expect(permissionsFor(owner, adminTarget)).toMatchObject({
      editName: true,
      reset: true,
      editRoles: false,
      removeAccess: true,
      ownerActions: true,
    });
    expect(permissionsFor(admin, adminTarget).ownerActions).toBe(false);
  });

  it('gives the owner actions on verified members only, never on oneself or another owner', () => {
    expect(permissionsFor(owner, member).ownerActions).toBe(true);
    expect(permissionsFor(admin, member).ownerActions).toBe(false);
    const invitee = groupUserRows([
      row('new@bank.example', { status: 'pending', userid: null }),
    ])[0]!;
    expect(permissionsFor(owner, invitee).ownerActions).toBe(false);
    const otherOwner = groupUserRows([row('co@bank.example', { roles: ['owner'] })])[0]!;
    expect(permissionsFor(owner, otherOwner)).toMatchObject({
      ownerActions: false,
      removeAccess: false,
    });
    expect(permissionsFor({ ...owner, email: 'ANN@bank.example' }, member).ownerActions).toBe(
      false,
    );
  });

  it('never lets one remove, re-role or reset oneself, but rename', () => {
    expect(permissionsFor({ ...admin, email: 'ANN@bank.example' }, member)).toMatchObject({
      editName: true,
      editRoles: false,
      removeAccess: false,
      reset: false,
    });
  });

  it('hides the admin role switch, and the owner switch from non-owners', () => {
    const ids = (viewer: string[]) =>
      visibleRoles('global', ROLE_DEFS.global.roles, viewer).map((r) => r.id);
    expect(ids([ROLE_GLOBAL_ADMIN])).toEqual(['member']);
    expect(ids([ROLE_GLOBAL_OWNER])).toEqual(['member', 'owner']);
    expect(visibleRoles('ledger', ROLE_DEFS.apps[0]!.roles, []).map((r) => r.id)).toEqual([
      'clerk',
    ]);
  });
});
