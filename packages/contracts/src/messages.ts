/** Every portal text of section 8 (and the outcome titles of section 2), word for word. */
export * from './messages/outcomes.js';
export * from './messages/gates.js';
export * from './messages/toasts.js';
export * from './messages/message-for.js';
export * from './messages/sign-in.js';
export * from './messages/users-screen.js';
export * from './messages/admin-console.js';
export * from './messages/profile.js';
export * from './messages/dev.js';
export * from './messages/totp.js';
export * from './messages/second-factor.js';
export * from './messages/account-screens.js';
export * from './messages/editor.js';
export * from './messages/uploads.js';
export * from './messages/audit.js';
