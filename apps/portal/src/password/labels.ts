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
