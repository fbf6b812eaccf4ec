import { z } from 'zod';

/** Confirm password (section 5): the same match rule on the register and reset forms. */
export const CONFIRM_MESSAGES = {
  required: 'Please confirm your password.',
  mismatch: 'Passwords do not match.',
} as const;

/** The confirm field on its own (on blur), against the password typed so far. */
export function confirmPasswordRule(password: string) {
  return z
    .string({ error: CONFIRM_MESSAGES.required })
    .min(1, { error: CONFIRM_MESSAGES.required })
    .refine((confirm) => confirm === password, { error: CONFIRM_MESSAGES.mismatch });
}

/**
 * A refinement for a whole form object: adds the confirm message on the confirm field. Use as
 * `schema.superRefine(passwordsMatch('pass', 'confirm'))`.
 */
export function passwordsMatch<P extends string, C extends string>(passwordKey: P, confirmKey: C) {
  return (value: Record<P | C, unknown>, ctx: z.RefinementCtx): void => {
    const confirm = value[confirmKey];
    if (typeof confirm !== 'string' || confirm.length === 0) {
      ctx.addIssue({ code: 'custom', message: CONFIRM_MESSAGES.required, path: [confirmKey] });
    } else if (confirm !== value[passwordKey]) {
      ctx.addIssue({ code: 'custom', message: CONFIRM_MESSAGES.mismatch, path: [confirmKey] });
    }
  };
}

/**
 * A form object with the confirm refinement, run even when other fields already failed: the
 * register form shows every message on submit, not the confirm one only after the rest pass.
 */
export function withPasswordConfirmation<
  T extends z.ZodObject,
  P extends keyof z.output<T> & string,
  C extends keyof z.output<T> & string,
>(schema: T, passwordKey: P, confirmKey: C) {
  return schema.superRefine(passwordsMatch(passwordKey, confirmKey), {
    // Rules never abort (they list their issues in order, the first is the one shown), so
    // this runs beside the field issues.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
}
