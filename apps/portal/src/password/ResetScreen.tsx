import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router-dom';
import { messageFor, RESET_LABELS as L } from '@portico/contracts';
import { useApi } from '../api/context';
import { SCREENS } from '../screens';
import { InfoPage } from '../ui/InfoPage';
import { Loading } from '../ui/Loading';
import { PublicCard } from '../ui/PublicCard';
import { resetLinkQuery } from './queries';
import { forgotRedirect, isLinkFailure } from './reset-failure';
import { ResetForm } from './ResetForm';

/**
 * /reset?code= (section 2). Without a code, or with one the server refuses, the user goes to
 * /forgot, which says why. A failure that says nothing about the link (network, rate limit)
 * keeps the user here with a retry: the link may well be good.
 */
export function ResetScreen() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  if (code === '') return <Navigate {...forgotRedirect('forgot_invalid')} />;
  return <ResetLinkCheck key={code} code={code} />;
}

function ResetLinkCheck({ code }: { code: string }) {
  const api = useApi();
  const check = useQuery(resetLinkQuery(api, code));
  const answer = check.data;

  if (!answer || check.isFetching) {
    return (
      <PublicCard>
        <Loading label={L.checking} />
      </PublicCard>
    );
  }
  if (answer.Code === '200') return <ResetForm code={code} />;
  if (isLinkFailure(answer.Code)) return <Navigate {...forgotRedirect(answer.Code)} />;
  return (
    <InfoPage
      tone="danger"
      title={SCREENS.reset.label}
      subtitle={messageFor(answer.Code, 'reset')}
      action={{ label: L.tryAgain, onClick: () => void check.refetch() }}
    />
  );
}
