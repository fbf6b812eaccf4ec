import { REAUTH_LABELS } from '@portico/contracts';
import { Button, ButtonGroup } from 'react-bootstrap';
import type { ReauthMethod } from '@portico/contracts';

export interface MethodSwitchProps {
  methods: readonly ReauthMethod[];
  method: ReauthMethod;
  disabled: boolean;
  onChoose(method: ReauthMethod): void;
}

/**
 * Toggle buttons rather than tabs: a tab panel takes its tab's name, so "Password" would name
 * both the panel and the field in it, and a search by label would find two.
 */
export function MethodSwitch({ methods, method, disabled, onChoose }: MethodSwitchProps) {
  return (
    <ButtonGroup aria-label={REAUTH_LABELS.methodsGroup} className="w-100 mb-3">
      {methods.map((candidate) => (
        <Button
          key={candidate}
          size="sm"
          variant={candidate === method ? 'primary' : 'outline-primary'}
          aria-pressed={candidate === method}
          disabled={disabled}
          onClick={() => onChoose(candidate)}
        >
          {REAUTH_LABELS.methods[candidate]}
        </Button>
      ))}
    </ButtonGroup>
  );
}
