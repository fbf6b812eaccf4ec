import { z } from 'zod';
import { ERROR_CODES, SUCCESS_CODE } from './codes.js';

/** Every answer is `{ Code, Msg }` (specification, section 7). */
export function successEnvelope<T extends z.ZodType>(msg: T) {
  return z.object({ Code: z.literal(SUCCESS_CODE), Msg: msg });
}

/**
 * A failure answer. `Msg` is a short English note for logs and developers, or, for the codes
 * that carry details (`account_failed` and `invalid_pin` carry `retries_left`, gates name the
 * app), an object. The portal decides what to show from `Code`, never from `Msg` text.
 */
export const failureEnvelope = z.object({
  Code: z.enum(ERROR_CODES as [string, ...string[]]),
  Msg: z.union([z.string(), z.record(z.string(), z.unknown())]),
});

export type FailureEnvelope = z.infer<typeof failureEnvelope>;

/** The answer of calls whose only news is their code. */
export const okMessage = z.string().describe('A short confirmation; the Code carries the outcome');
