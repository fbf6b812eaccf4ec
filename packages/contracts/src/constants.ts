/** Business constants and limits (specification, section 9) and the names they depend on. */

export const PRODUCT_NAME = 'Portico';
export const LOGIN_TITLE = `${PRODUCT_NAME} Login`;

export const API_PORT = 1234;
export const HTTP_TIMEOUT_MS = 30_000;
export const COOKIE_EXPIRY_DAYS = 7;
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;

export const USERS_PAGE_SIZE = 30;
export const FIRST_PAGE = 1;
export const PAGINATION_COLLAPSE_PAGES = 7;
export const SEARCH_DEBOUNCE_MS = 1000;
export const RESEND_INVITE_COOLDOWN_MS = 30_000;
export const ALL_FILTER = 'all';

/** The audit trail (docs/audit.md): a page's default and largest size, and an export's bound. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_EXPORT_MAX = 100_000;
export const AUDIT_EXPORT_FORMATS = ['csv', 'jsonl'] as const;

export const TOAST_AUTOHIDE_MS = 4000;
export const TOAST_LIBRARY_DEFAULT_MS = 5000;
export const TOAST_REMOVE_AFTER_HIDE_MS = 1000;
export const MODAL_TRANSITION_MS = 300;
export const MODAL_BACKDROP_MS = 150;
export const TOOLTIP_TRANSITION_MS = 300;
export const COLLAPSE_TRANSITION_MS = 300;

export const SIGN_IN_REDIRECT_COUNTDOWN_S = 3;
export const DEVICE_VERIFIED_DELAY_MS = 2000;
export const PIN_LENGTH = 6;
export const PIN_CLEAR_AFTER_SUBMIT_MS = 1000;
export const LOGIN_LOCKOUT_MINUTES = 15;

export const CLIENT_DEFAULTS = {
  session_activity_timeout: 60,
  session_ttl: 604_800,
  device_limit: 5,
  login_retry_limit: 5,
} as const;

export const CLIENT_LIMITS = {
  session_activity_timeout: { min: 60, max: 86_400 },
  session_ttl: { min: 3600, max: 2_592_000 },
  device_limit: { min: 1, max: 100 },
  login_retry_limit: { min: 3, max: 20 },
} as const;

export const PLATFORMS = ['Web', 'IOS', 'Android', 'Desktop'] as const;
export type Platform = (typeof PLATFORMS)[number];
/** Platforms travel lowercased. */
export const PLATFORM_VALUES = ['web', 'ios', 'android', 'desktop'] as const;
export type PlatformValue = (typeof PLATFORM_VALUES)[number];

/** Application status is an index into this list; the colours are the portal's badges. */
export const APP_STATUSES = ['Disabled', 'Alpha', 'Beta', 'Released', 'Internal'] as const;
export const APP_STATUS_COLOURS = ['red', 'gray', 'blue', 'green', 'black'] as const;
export const APP_STATUS = { disabled: 0, alpha: 1, beta: 2, released: 3, internal: 4 } as const;
/** Subscription views use status 2 for beta and 3 for subscription. */
export const SUBSCRIPTION_STATUS = { beta: 2, subscription: 3 } as const;
export const ACCESS_STATUSES = ['dis', 'beta', 'subs'] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];

export const BAN_REASONS = ['credential_stuffing', 'rate_limit'] as const;
export type BanReason = (typeof BAN_REASONS)[number];
export const BANNED_SORTS = ['date-newest', 'date-oldest', 'reason'] as const;
export type BannedSort = (typeof BANNED_SORTS)[number];
export const DEFAULT_BANNED_SORT: BannedSort = 'date-newest';

export const USERNAME_LENGTH = { min: 6, max: 20 } as const;
export const PASSWORD_LENGTH = { min: 6, max: 50 } as const;
/**
 * The longest password by default (the operator's PASSWORD_MAX_LENGTH; the specification's 50
 * stays available): ASVS 6.2.9 asks for at least 64, NIST 800-63B-4 for long passphrases.
 */
export const PASSWORD_MAX_DEFAULT = 128;
/** The highest PASSWORD_MAX_LENGTH an operator may set, and what the wire accepts at most. */
export const PASSWORD_MAX_CEILING = 1024;
export const PHONE_DIGITS = { min: 10, max: 15 } as const;

export const DEVICE_STATUSES = ['active', 'blocked'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export const SECRET_MASK_KEEP = 3;
export const SECRET_MASK_MIN_LENGTH = 6;
export const SUBSCRIPTION_CARD_WIDTH_PX = 230;
export const TRUNCATE_LENGTH = 20;

/** The platform company: its company administrators are the platform administrators. */
export const PLATFORM_COMPANY_ID = 'core1';
/** The application that stands for the company itself in role definitions and invitations. */
export const GLOBAL_APP_ID = 'global';
export const GLOBAL_APP_NAME = 'Company';
/** The company-level role ids (of application `global`): the top role and the admin role. */
export const OWNER_ROLE_ID = 'owner';
export const ADMIN_ROLE_ID = 'admin';
/** The company-level roles that make a person admin-level (section 6), as role ids. */
export const COMPANY_LEVEL_ROLE_IDS = [OWNER_ROLE_ID, ADMIN_ROLE_ID] as const;
export const ROLE_GLOBAL_OWNER = `${GLOBAL_APP_ID}.${OWNER_ROLE_ID}`;
export const ROLE_GLOBAL_ADMIN = `${GLOBAL_APP_ID}.${ADMIN_ROLE_ID}`;
/** The two company-level roles that manage users, branches and the company profile. */
export const COMPANY_ADMIN_ROLES = [ROLE_GLOBAL_OWNER, ROLE_GLOBAL_ADMIN] as const;
/** Built-in per-application roles; they cannot be deleted. */
export const BUILT_IN_ROLES = [
  { id: ADMIN_ROLE_ID, name: 'Admin' },
  { id: OWNER_ROLE_ID, name: 'Owner' },
] as const;

/** User overall statuses the portal reacts to; others are shown as they are. */
export const USER_STATUS = {
  active: 'active',
  blocked: 'blocked',
  awaitingReset: 'awaiting_reset',
} as const;
/** Access (invitation) statuses. */
export const ACCESS_ENTRY_STATUS = { pending: 'pending', verified: 'verified' } as const;

export const REAUTH_METHODS = ['password', 'mpin', 'passkey', 'totp', 'recovery'] as const;
export type ReauthMethod = (typeof REAUTH_METHODS)[number];

export const SESSION_COOKIE = 'portico_session';

/** The portal's own client: used when /sso is opened without a client. */
export const PORTAL_CLIENT_ID = 'portico-portal';

/**
 * The OpenID Provider's hand-over back from the portal (docs/oidc.md, "One sign-in"): an
 * `/sso` started by the provider has this `redir`, and its landing page goes there (on the
 * portal's own origin) with `code` and `com` instead of to the client's registered redirect.
 */
export const OIDC_CALLBACK_PATH = /^\/oidc\/interaction\/[A-Za-z0-9_-]{1,64}\/callback$/;
export const PORTAL_APP_ID = 'portal';
