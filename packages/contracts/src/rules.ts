/**
 * Every validation rule of section 5, with its exact messages, and the small pure helpers that
 * are rules rather than UI. The portal validates fields with them, the calls compose them.
 */
export * from './rules/field.js';
export * from './rules/account.js';
export * from './rules/pin.js';
export * from './rules/confirm.js';
export * from './rules/forms.js';
export * from './rules/client.js';
export * from './rules/admin.js';
export * from './rules/upload.js';
export * from './rules/display.js';
export * from './rules/ip-display.js';
export * from './rules/duration.js';
export * from './rules/flags.js';
export * from './rules/registry.js';
export * from './rules/sign-in-confirmation.js';
export * from './rules/oidc-client.js';
export * from './rules/totp.js';
