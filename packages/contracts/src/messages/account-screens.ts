import { PASSWORD_LENGTH } from '../constants.js';
/**
 * Field and button names of the account screens (/reg, /invite, /forgot, /reset) and our own
 * short texts where the specification gives none; their titles and outcome messages are in
 * outcomes.ts.
 */

/**
 * Labels and texts of the registration screen that contracts does not hold: the field and
 * button names of section 2 and our own explanations (the specification has none).
 */
export const REGISTER_LABELS = {
  displayName: 'Display Name',
  phone: 'Phone',
  username: 'Username',
  password: 'Password',
  confirm: 'Confirm Password',
  email: 'Email',
  submit: 'Register',
  login: 'Login',
  tryAgain: 'Try Again',
  inviteOnly:
    'Registration is by invitation only. Open the link in your invitation e-mail to register.',
  alreadyAccepted: 'This invitation has already been accepted. Log in with your account.',
} as const;

/** Button names of the invite screen (section 2); contracts holds its titles and texts. */
export const INVITE_LABELS = {
  accept: 'Accept',
  decline: 'Decline',
  login: 'Login',
  loading: 'Loading invitation…',
} as const;

/**
 * Our own lines under the final titles (the specification names only the titles): what the
 * person can do next, so neither page is a dead end.
 */
export function inviteAcceptedText(company: string): string {
  return `Your access at ${company} is ready. Log in to use it.`;
}

export function inviteDeclinedText(company: string): string {
  return `You did not join ${company}. You can close this page.`;
}

/**
 * Field and button names of the password screens (section 2) and our own short texts;
 * contracts holds their titles and outcome messages.
 */
export const FORGOT_LABELS = {
  field: 'Username or Email',
  submit: 'Send Reset Link',
  backToLogin: 'Back to Login',
} as const;

export const RESET_LABELS = {
  username: 'Username',
  password: 'New Password',
  confirm: 'Confirm New Password',
  submit: 'Reset Password',
  goToLogin: 'Go to Login',
  tryAgain: 'Try Again',
  requestNew: 'Request a new reset link',
  checking: 'Checking reset link…',
} as const;

/**
 * The hint under a new-password field: the password rule of section 5 in one line, with the
 * server's maximum (PASSWORD_MAX_LENGTH, served by password.policy). Ours (the specification
 * lists the rules' messages, not a hint).
 */
export function passwordHelp(max: number): string {
  return `${PASSWORD_LENGTH.min} to ${max} characters, with an uppercase letter, a lowercase letter and a number, no spaces.`;
}
