import { SCREENS } from '../screens';
import { Placeholder } from '../ui/Placeholder';

export function CompaniesScreen() {
  return <Placeholder name={SCREENS.adminCompanies.label} />;
}
