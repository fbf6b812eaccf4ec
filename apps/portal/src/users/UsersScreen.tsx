import { SCREENS } from '../screens';
import { Placeholder } from '../ui/Placeholder';

export function UsersScreen() {
  return <Placeholder name={SCREENS.users.label} />;
}
