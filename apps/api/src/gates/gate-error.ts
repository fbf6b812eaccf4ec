import type { GateCode } from '@portico/contracts';
import { ApiError } from '../http/api-error.js';

/** A gate failure: its code, with the application's name the information page shows. */
export function gateError(code: GateCode, appName?: string): ApiError {
  return new ApiError(code, appName === undefined ? {} : { app: appName });
}
