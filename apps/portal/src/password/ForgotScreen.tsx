import { SCREENS } from '../screens';
import { Placeholder } from '../ui/Placeholder';
import { PublicCard } from '../ui/PublicCard';

export function ForgotScreen() {
  return (
    <PublicCard>
      <Placeholder name={SCREENS.forgot.label} />
    </PublicCard>
  );
}
