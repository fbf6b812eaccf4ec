import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { CODES, type FeatureFlags } from '@portico/contracts';
import { useSession } from '../session/context';

/** Shows a screen only to a session with the feature flag; the API enforces it as well. */
export function RequireFlag({ flag, children }: { flag: keyof FeatureFlags; children: ReactNode }) {
  const { flags } = useSession();
  if (flags[flag]) return children;
  return <Alert variant="warning">{CODES.forbidden.text}</Alert>;
}
