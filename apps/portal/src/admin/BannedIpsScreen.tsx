import { SCREENS } from '../screens';
import { Placeholder } from '../ui/Placeholder';

export function BannedIpsScreen() {
  return <Placeholder name={SCREENS.adminBanned.label} />;
}
