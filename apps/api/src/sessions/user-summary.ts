import type { Database } from '../db.js';
import { imageUrl } from '../files/image-url.js';

/** The MFA flags and names that sign-in, session details and session_expired answer. */
export interface UserSummary {
  dis: string;
  avatar: string;
  email: string;
  is_pin_enabled: boolean;
  is_biometrics_enabled: boolean;
  is_passkey_enabled: boolean;
  has_pin_setup: boolean;
  has_passkey_setup: boolean;
}

export async function loadUserSummary(
  db: Database,
  userId: string,
  publicUrl: string,
): Promise<UserSummary> {
  const user = await db.prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      displayName: true,
      email: true,
      avatarId: true,
      pinEnabled: true,
      biometricsEnabled: true,
      passkeyEnabled: true,
      pin: { select: { userId: true } },
      _count: { select: { passkeys: true } },
    },
  });
  return {
    dis: user.displayName,
    avatar: imageUrl(publicUrl, user.avatarId),
    email: user.email,
    is_pin_enabled: user.pinEnabled,
    is_biometrics_enabled: user.biometricsEnabled,
    is_passkey_enabled: user.passkeyEnabled,
    has_pin_setup: user.pin !== null,
    has_passkey_setup: user._count.passkeys > 0,
  };
}

/** What the re-authentication dialog needs (specification, section 3: MFA settings). */
export async function sessionExpiredDetails(db: Database, userId: string, publicUrl: string) {
  const { email: _email, ...details } = await loadUserSummary(db, userId, publicUrl);
  return details;
}
