import { replaceEqualDeep } from '@tanstack/react-query';

/**
 * The queries' structural sharing (issue 17): a refetch answered `session_expired` keeps the
 * data the page already shows, so the screen under the re-authentication dialog stays as it
 * was instead of turning into its failure text ("Server Error - Server is not responding").
 * The dialog is raised by the answer rule (session-expiry.ts) all the same, and re-authenticating
 * refetches every query (SessionProvider's reauthenticated), which retries what failed. A first
 * load with nothing to keep, and `session_invalid` (the session is over), go through as they are.
 */
export function keepThroughExpiry(oldData: unknown, newData: unknown): unknown {
  if (oldData !== undefined && isExpiredAnswer(newData)) return oldData;
  return replaceEqualDeep(oldData, newData);
}

function isExpiredAnswer(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { Code?: unknown }).Code === 'session_expired'
  );
}
