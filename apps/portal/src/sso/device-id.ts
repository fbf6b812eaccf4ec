const STORAGE_KEY = 'portico.device';

/**
 * The device fingerprint (`dcd`) the sign-in sends: a random id kept in this browser's storage,
 * so "a device" is a browser profile. It identifies nothing about the person or the machine, and
 * clearing site data makes the browser a new device that the e-mailed code confirms again.
 * Without storage (private modes that refuse it) every page load is a new device.
 */
export function deviceId(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeStorage(),
) {
  const known = storage?.getItem(STORAGE_KEY);
  if (known) return known;
  const fresh = crypto.randomUUID();
  try {
    storage?.setItem(STORAGE_KEY, fresh);
  } catch {
    // Quota or privacy settings: the id lives for this page only.
  }
  return fresh;
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
