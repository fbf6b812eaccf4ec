/**
 * The titles of the sign-in gate pages (section 8), which are also their codes' catalogue texts
 * (codes.ts) and the pages' titles (gates.ts): one definition for both, kept apart from either so
 * neither depends on the other.
 */
export const GATE_TITLES = {
  access_not_found: 'Access Not Available [01]',
  callback_invalid: 'Application Not Configured',
  app_access_prohibited: 'Access Not Allowed',
  app_disabled: 'Application Not Available [02]',
  device_type_invalid: 'Device Invalid',
  device_limit_reached: 'Maximum Device Reached',
  unauthorized_device: 'Unauthorized',
  access_unverified: 'Access Not Verified',
  credential_stuffing_detected: 'Suspicious Activity',
} as const;
