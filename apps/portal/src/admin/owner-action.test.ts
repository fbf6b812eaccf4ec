import { describe, expect, it } from 'vitest';
import { OWNER_ACTIONS } from '@portico/contracts';
import { ownerAction } from './owner-action';

describe('owner column', () => {
  it('offers Invite when no owner invitation exists', () => {
    expect(OWNER_ACTIONS[ownerAction(undefined)]).toBe('Invite');
  });

  it('offers Change once the owner is verified', () => {
    expect(OWNER_ACTIONS[ownerAction({ status: 'verified' })]).toBe('Change');
  });

  it('offers Resend for a pending invitation or any other status', () => {
    expect(OWNER_ACTIONS[ownerAction({ status: 'pending' })]).toBe('Resend');
    expect(OWNER_ACTIONS[ownerAction({ status: 'expired' })]).toBe('Resend');
  });
});
