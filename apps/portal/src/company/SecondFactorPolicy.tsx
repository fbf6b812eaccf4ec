import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_TOASTS, SECOND_FACTOR_TEXTS as S, SUCCESS_CODE, calls } from '@portico/contracts';
import { useApi } from '../api/context';
import { useToasts } from '../ui/toasts-context';
import { companyKeys } from './queries';

/**
 * The company's "second factor required" policy (docs/mfa.md): a switch for its owner and
 * admins, the setting in words for everyone else.
 */
export function SecondFactorPolicy({ required, canEdit }: { required: boolean; canEdit: boolean }) {
  const api = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function change(next: boolean) {
    setBusy(true);
    const answer = await api.callApi(calls.company.setSecondFactorPolicy, { required: next });
    setBusy(false);
    if (answer.Code !== SUCCESS_CODE) {
      toasts.show({
        Title: S.securityHeading,
        Msg: ADMIN_TOASTS.updateFailed(S.securityHeading),
        Type: 'danger',
      });
      return;
    }
    toasts.show({ Title: S.securityHeading, Msg: answer.Msg, Type: 'success' });
    await queryClient.invalidateQueries({ queryKey: companyKeys.details });
  }

  return (
    <section className="card card-body mt-3" aria-labelledby="company-security">
      <h2 id="company-security" className="h6">
        {S.securityHeading}
      </h2>
      {canEdit ? (
        <Form.Check
          type="switch"
          role="switch"
          id="company-second-factor"
          label={S.companySwitch}
          checked={required}
          disabled={busy}
          aria-describedby="company-second-factor-help"
          onChange={(event) => void change(event.target.checked)}
        />
      ) : (
        <p className="mb-0">
          {S.companySwitch}: {required ? S.required : S.notRequired}
        </p>
      )}
      <p id="company-second-factor-help" className="small text-body-secondary mb-0 mt-1">
        {S.companyHelp}
      </p>
    </section>
  );
}
