import { NETWORK_ERROR, SERVER_ERROR_PAGE, SHELL_MESSAGES } from '@portico/contracts';
import { InfoPage } from './InfoPage';

/**
 * Whether an answer means the server cannot serve us now: the API said a dependency is out
 * (`unavailable`, 503) or nothing answered at all. Such answers say nothing about the session
 * or the client, so the page neither signs anyone out nor calls the client unknown.
 */
export function isServerDown(code: string | undefined): boolean {
  return code === 'unavailable' || code === NETWORK_ERROR;
}

/** The specification's "Server Error - Server is not responding" page, with a way to retry. */
export function ServerDownPage({ onRetry }: { onRetry: () => void }) {
  return (
    <InfoPage
      tone="danger"
      title={SERVER_ERROR_PAGE.title}
      subtitle={SERVER_ERROR_PAGE.text}
      action={{ label: SHELL_MESSAGES.tryAgain, onClick: onRetry }}
    />
  );
}
