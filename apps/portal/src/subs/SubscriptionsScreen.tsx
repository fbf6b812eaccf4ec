import { SCREENS } from '../screens';
import { Placeholder } from '../ui/Placeholder';

export function SubscriptionsScreen() {
  return <Placeholder name={SCREENS.subs.label} />;
}
