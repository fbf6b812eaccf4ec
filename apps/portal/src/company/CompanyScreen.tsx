import { SCREENS } from '../screens';
import { Placeholder } from '../ui/Placeholder';

export function CompanyScreen() {
  return <Placeholder name={SCREENS.company.label} />;
}
