import { SCREENS } from '../screens';
import { Placeholder } from '../ui/Placeholder';
import { PublicCard } from '../ui/PublicCard';

export function InviteScreen() {
  return (
    <PublicCard>
      <Placeholder name={SCREENS.invite.label} />
    </PublicCard>
  );
}
