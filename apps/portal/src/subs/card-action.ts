import { SUBSCRIPTION_STATUS, type AccessStatus } from '@portico/contracts';
import type { SubscriptionApp } from './queries';

/**
 * The button of a card (section 2): Subscribed (disabled) when the access is subs; for a beta
 * application (status 2) Cancel when in beta, else Join beta; for a subscription application
 * (status 3) Subscribe, which is disabled: its action is not specified, and no call exists for it.
 */
export type CardAction =
  | { kind: 'subscribed' }
  | { kind: 'cancel'; next: 'dis' }
  | { kind: 'join'; next: 'beta' }
  | { kind: 'subscribe' };

export function cardAction(app: Pick<SubscriptionApp, 'status'>, access: AccessStatus): CardAction {
  if (access === 'subs') return { kind: 'subscribed' };
  if (app.status === SUBSCRIPTION_STATUS.beta) {
    return access === 'beta' ? { kind: 'cancel', next: 'dis' } : { kind: 'join', next: 'beta' };
  }
  return { kind: 'subscribe' };
}

/** A link is opened only when it is a web address (an app link could be anything stored). */
export function safeLink(link: string): string | undefined {
  return /^https?:\/\//i.test(link) ? link : undefined;
}
