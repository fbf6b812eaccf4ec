import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CODES,
  NETWORK_ERROR,
  SHELL_MESSAGES,
  SUBSCRIPTION_TEXTS,
  SUCCESS_CODE,
  calls,
  isCompanyAdmin,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { SCREENS } from '../screens';
import { useSession } from '../session/context';
import { Loading } from '../ui/Loading';
import { useToasts } from '../ui/toasts-context';
import { subscriptionKeys, subscriptionsQuery, type SubscriptionApp } from './queries';
import { SubscriptionCard } from './SubscriptionCard';
import './subs.css';

const T = SUBSCRIPTION_TEXTS;

/**
 * Subscriptions (/manage/subs): beta and subscription applications as cards. Every member sees
 * them; joining or leaving a beta is for the company's owner and admins, so for others the
 * buttons are disabled with a hint saying who can.
 */
export function SubscriptionsScreen() {
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const session = useSession();
  const { data } = useQuery(subscriptionsQuery(api));
  // Beta access is the company's: only its owner or an admin changes it (the API checks too).
  const canChange = isCompanyAdmin(session.details?.roles ?? []);
  const [busyApp, setBusyApp] = useState<string>();

  async function change(app: SubscriptionApp, status: 'beta' | 'dis') {
    setBusyApp(app.id);
    const answer = await api.callApi(calls.subscriptions.update, { app: app.id, status });
    if (answer.Code === SUCCESS_CODE) {
      toasts.show({
        Title: T.title,
        Msg: status === 'beta' ? T.joined(app.name) : T.left(app.name),
        Type: 'success',
      });
    } else {
      toasts.show({ Title: T.title, Msg: T.failed(app.name), Type: 'danger' });
    }
    await queryClient.invalidateQueries({ queryKey: subscriptionKeys.list });
    setBusyApp(undefined);
  }

  let body;
  if (data === undefined) body = <Loading />;
  else if (data.Code !== SUCCESS_CODE) {
    body = (
      <Alert variant="danger">
        {data.Code === NETWORK_ERROR ? SHELL_MESSAGES.networkError : CODES.server_error.text}
      </Alert>
    );
  } else if (data.Msg.apps.length === 0) {
    body = <p className="text-body-secondary">{T.none}</p>;
  } else {
    const { apps, access } = data.Msg;
    body = (
      <div className="subs-grid">
        {apps.map((app) => (
          <SubscriptionCard
            key={app.id}
            app={app}
            access={access[app.id] ?? 'dis'}
            busy={busyApp === app.id}
            canChange={canChange}
            onChange={(status) => void change(app, status)}
          />
        ))}
      </div>
    );
  }

  return (
    <div>
      <h1 className="h4 mb-3">{SCREENS.subs.label}</h1>
      {body}
    </div>
  );
}
