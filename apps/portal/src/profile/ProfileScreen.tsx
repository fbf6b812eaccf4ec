import { SCREENS } from '../screens';
import { useSession } from '../session/context';
import { Loading } from '../ui/Loading';
import { DetailsCard } from './details/DetailsCard';
import { DevicesSection } from './devices/DevicesSection';
import { MfaSection } from './mfa/MfaSection';
import { DeleteAccountSection } from './delete/DeleteAccountSection';
import './profile.css';

/**
 * Profile (/manage/me): the own names and avatar, trusted devices, multifactor settings, and
 * where the client allows it, deleting the account.
 */
export function ProfileScreen() {
  const { details } = useSession();
  return (
    <div className="profile-screen">
      <h1 className="h4 mb-3">{SCREENS.profile.label}</h1>
      {details ? <DetailsCard details={details} /> : <Loading />}
      <DevicesSection />
      <MfaSection />
      {details?.allow_delete && <DeleteAccountSection />}
    </div>
  );
}
