export { createSampleClient, signInUrl } from './app.js';
export type { SampleClientConfig } from './config.js';
export { callbackUrl, configFromEnv, SampleClientConfigError } from './config.js';
export type { ExchangeResult, SignedInUser } from './exchange.js';
export { exchangeCode } from './exchange.js';
export { escapeHtml } from './html.js';
export { createOidcSampleClient } from './oidc-app.js';
export { logoutSubject } from './logout-token.js';
