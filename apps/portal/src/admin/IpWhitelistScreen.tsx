import { SCREENS } from '../screens';
import { Placeholder } from '../ui/Placeholder';

export function IpWhitelistScreen() {
  return <Placeholder name={SCREENS.adminWhitelist.label} />;
}
