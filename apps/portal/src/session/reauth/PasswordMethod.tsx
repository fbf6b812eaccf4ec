import { reauthPasswordRule, REAUTH_LABELS } from '@portico/contracts';
import { CodeMethod } from './CodeMethod';

export interface MethodProps {
  busy: boolean;
  onSubmit(value: string): Promise<void>;
}

/** The password: required (section 5, "Please enter your credentials."), sent on Sign in. */
export function PasswordMethod({ busy, onSubmit }: MethodProps) {
  return (
    <CodeMethod
      id="reauth-password"
      label={REAUTH_LABELS.password}
      rule={reauthPasswordRule}
      password
      busy={busy}
      onSubmit={onSubmit}
    />
  );
}
