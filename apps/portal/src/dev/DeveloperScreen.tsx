import { SCREENS } from '../screens';
import { Placeholder } from '../ui/Placeholder';

export function DeveloperScreen() {
  return <Placeholder name={SCREENS.dev.label} />;
}
