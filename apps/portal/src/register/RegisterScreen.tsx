import { SCREENS } from '../screens';
import { Placeholder } from '../ui/Placeholder';
import { PublicCard } from '../ui/PublicCard';

export function RegisterScreen() {
  return (
    <PublicCard>
      <Placeholder name={SCREENS.register.label} />
    </PublicCard>
  );
}
