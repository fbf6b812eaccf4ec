import { z } from 'zod';
import { displayNameRule, passwordRule, phoneRule, usernameRule } from './account.js';
import { withPasswordConfirmation } from './confirm.js';
import { identifierRule, requiredText } from './field.js';

/**
 * Whole-form schemas for the portal's submit step (registration validates every field on submit).
 * They hold what the user typed; the call bodies add encoding and the fields the screen already
 * knows (invite code, e-mail).
 */
export const registerFormSchema = withPasswordConfirmation(
  z.object({
    displayName: displayNameRule,
    mobile: phoneRule,
    uname: usernameRule,
    pass: passwordRule,
    confirm: z.string().max(128),
  }),
  'pass',
  'confirm',
);

export const resetFormSchema = withPasswordConfirmation(
  z.object({
    username: usernameRule,
    pass: passwordRule,
    confirm: z.string().max(128),
  }),
  'pass',
  'confirm',
);

/** Branch add: id and name, each "Required". */
export const branchIdRule = identifierRule;
export const branchNameRule = requiredText(100);
export const branchFormSchema = z.object({ id: branchIdRule, name: branchNameRule });
