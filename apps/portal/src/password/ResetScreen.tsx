import { SCREENS } from '../screens';
import { Placeholder } from '../ui/Placeholder';
import { PublicCard } from '../ui/PublicCard';

export function ResetScreen() {
  return (
    <PublicCard>
      <Placeholder name={SCREENS.reset.label} />
    </PublicCard>
  );
}
