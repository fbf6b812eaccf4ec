/**
 * Ours: texts of the Developer screen the specification does not give (it names the actions and
 * the toasts of section 8, which live in toasts.ts).
 */
export const DEV_MESSAGES = {
  appsLoadFailed: 'The applications could not be loaded.',
  rolesLoadFailed: 'The roles could not be loaded.',
  iconUploadFailed: 'Icon upload failed.',
  secretShownOnce: 'Copy the secret now: it is shown only once.',
  builtInRole: 'Built-in roles cannot be deleted.',
  // Failure toasts section 8 does not give (it gives only the apps', clients' and updates' ones).
  roleAddFailed: 'Failed to add role.',
  roleDeleteFailed: (name: string) => `Failed to delete role ${name}.`,
  clientAddFailed: 'Failed to add client.',
  // Rotating a client's secret (replacing a leaked one).
  rotateConfirmTitle: 'Rotate client secret',
  rotateConfirmText: (client: string) =>
    `${client} gets a new secret. The old secret stops working at once: applications that use it cannot sign anyone in until they are updated with the new one.`,
  rotateFailed: (client: string) => `Failed to rotate the secret of ${client}.`,
} as const;

/**
 * Names of the Developer screen's controls. The specification names the fields and actions but
 * not their labels; its texts (toasts, messages, rules) come from @portico/contracts.
 */
export const DEV_LABELS = {
  applications: 'Applications',
  addApp: 'Add application',
  add: 'Add',
  noApps: 'No applications yet.',
  id: 'Id',
  name: 'Name',
  desc: 'Description',
  status: 'Status',
  link: 'Link',
  smallIcon: 'Small icon',
  largeIcon: 'Large icon',
  upload: 'Upload',
  noIcon: 'No icon',
  application: 'Application',
  clients: 'Clients',
  addClient: 'Add client',
  noClients: 'No clients yet.',
  newClient: 'New client',
  clientId: 'Client id',
  secret: 'Secret',
  newSecret: 'Client secret',
  rotateSecret: 'Rotate secret',
  copy: 'Copy',
  copied: 'Copied',
  redirect: 'Redirect URL',
  domain: 'Domain',
  platform: 'Platform',
  customHash: 'Custom hashing',
  activityTimeout: 'Session activity timeout',
  sessionTtl: 'Session lifetime (TTL)',
  unit: 'Unit',
  allowDelete: 'Users may delete their account',
  allowMultiple: 'Allow multiple sessions',
  deviceLimit: 'Device limit',
  loginRetryLimit: 'Login retry limit',
  roles: 'Roles',
  rolesOf: (app: string) => `Roles of ${app}`,
  addRole: 'Add role',
  remove: 'Remove',
  removeRole: (name: string) => `Remove role ${name}`,
  builtIn: 'Built-in',
  noRoles: 'No roles yet.',
  open: (name: string) => `Open ${name}`,
  close: 'Close',
} as const;

/** The client editor's OpenID Connect section (docs/oidc.md). */
export const OIDC_LABELS = {
  section: 'OpenID Connect',
  intro:
    'Standard applications sign in through Portico with OpenID Connect. Leave the redirect URIs empty to turn it off.',
  issuer: 'Issuer',
  discovery: 'Discovery URL',
  redirectUris: 'OIDC redirect URIs',
  postLogoutUris: 'Post-logout redirect URIs',
  oneUriPerLine: 'One HTTPS URL per line, compared exactly.',
  grantTypes: 'Grant types',
  grantType: {
    authorization_code: 'Authorization code',
    refresh_token: 'Refresh token',
    client_credentials: 'Client credentials',
  },
  authMethod: 'Client authentication',
  authMethodOption: {
    client_secret_basic: 'Client secret (HTTP Basic)',
    client_secret_post: 'Client secret (form post)',
    private_key_jwt: 'Private key JWT',
  },
  jwksUri: 'JWKS URI',
  fapi2: 'FAPI 2.0 Security Profile (PAR, PKCE, private key JWT, DPoP)',
  backchannelUri: 'Back-channel logout URI',
  accessTokenTtl: 'Access token lifetime',
  refreshTokenTtl: 'Refresh token lifetime',
} as const;
