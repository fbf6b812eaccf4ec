import { CODES, NETWORK_ERROR, SHELL_MESSAGES, isErrorCode } from '@portico/contracts';

/** What the portal says about a failure code where no screen has a more specific message. */
export function codeText(code: string): string {
  if (code === NETWORK_ERROR) return SHELL_MESSAGES.networkError;
  return (isErrorCode(code) && CODES[code].text) || CODES.server_error.text;
}
