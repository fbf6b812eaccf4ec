import { SCREENS } from '../screens';
import { Placeholder } from '../ui/Placeholder';

export function ProfileScreen() {
  return <Placeholder name={SCREENS.profile.label} />;
}
