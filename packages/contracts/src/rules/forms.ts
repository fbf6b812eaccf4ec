import { z } from 'zod';
import { PASSWORD_MAX_DEFAULT } from '../constants.js';
import { displayNameRule, passwordRuleWith, phoneRule, usernameRule } from './account.js';
import { withPasswordConfirmation } from './confirm.js';
import { identifierRule, requiredName } from './field.js';

/**
 * Whole-form schemas for the portal's submit step (registration validates every field on submit).
 * They hold what the user typed; the call bodies add encoding and the fields the screen already
 * knows (invite code, e-mail).
 */
/** The registration form with the password maximum in force (the server's password policy). */
export function registerFormSchemaWith(passwordMax: number) {
  return withPasswordConfirmation(
    z.object({
      displayName: displayNameRule,
      mobile: phoneRule,
      uname: usernameRule,
      pass: passwordRuleWith(passwordMax),
      confirm: z.string().max(passwordMax),
    }),
    'pass',
    'confirm',
  );
}

/** The reset form with the password maximum in force. */
export function resetFormSchemaWith(passwordMax: number) {
  return withPasswordConfirmation(
    z.object({
      username: usernameRule,
      pass: passwordRuleWith(passwordMax),
      confirm: z.string().max(passwordMax),
    }),
    'pass',
    'confirm',
  );
}

export const registerFormSchema = registerFormSchemaWith(PASSWORD_MAX_DEFAULT);
export const resetFormSchema = resetFormSchemaWith(PASSWORD_MAX_DEFAULT);

/** Branch add: id and name, each "Required"; the name is shown on one line (requiredName). */
export const branchIdRule = identifierRule;
export const branchNameRule = requiredName(100);
export const branchFormSchema = z.object({ id: branchIdRule, name: branchNameRule });
