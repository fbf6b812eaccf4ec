/**
 * The sign-in journey's own headings and hints (section 2 names the steps; where it gives no
 * text, these are ours). "Connect to <app>" and the button names are the specification's.
 */
export const SIGN_IN_TEXTS = {
  forgotLink: 'Forgot password?',
  login: 'Login',
  signingIn: 'Signing in…',
  deviceTitle: 'Verify this device',
  deviceText: 'We sent a one-time code to your email. Enter it to trust this device.',
  deviceCodeLabel: 'One-time code',
  deviceVerify: 'Verify',
  confirmTitle: 'Confirm it’s you',
  confirmPinText: 'Enter your 6-digit PIN.',
  confirmPasskeyText: 'Use your passkey or biometrics to finish signing in.',
  usePasskey: 'Use passkey',
  usePin: 'Use PIN instead',
  usePasskeyInstead: 'Use passkey instead',
  companyTitle: 'Choose a company',
  companyLabel: 'Company',
  continue: 'Continue',
  continueNow: 'Continue Now',
  deny: 'Deny',
  deniedTitle: 'Connection denied',
  backToLogin: 'Back to login',
  startOver: 'Use another account',
  pinLabel: 'PIN',
  /** Ours: the quiet state while auto-login tries the browser's session. */
  checkingSession: 'Checking your session…',
} as const;

/**
 * The login's offer to lift an idle session in place (ours: the specification keeps the MFA
 * information of auto-login's session_expired without saying where it shows).
 */
export function continueAs(name: string): string {
  return `Continue as ${name}`;
}

/** The landing page title (section 2): "Connect to <app>". */
export function connectTo(app: string): string {
  return `Connect to ${app}`;
}

/** Under the landing title while the countdown runs. */
export function redirectingIn(seconds: number): string {
  return seconds === 1 ? 'Redirecting in 1 second…' : `Redirecting in ${seconds} seconds…`;
}

/** The Deny page's text. */
export function deniedText(app: string): string {
  return `You did not connect to ${app}. You can close this page or sign in again.`;
}

/**
 * The session-expired dialog (section 2 names the dialog and its methods, not its controls:
 * these names are ours). The e2e tests find the dialog by them.
 */
export const REAUTH_LABELS = {
  title: 'Session expired',
  methodsGroup: 'Sign in with',
  methods: {
    password: 'Password',
    mpin: 'MPIN',
    passkey: 'Passkey',
    totp: 'Authenticator app',
    recovery: 'Recovery code',
  },
  password: 'Password',
  mpin: 'MPIN',
  submit: 'Sign in',
  passkeyText: 'Use your passkey or biometrics to continue.',
  goToLogin: 'Go to login',
  loading: 'Loading sign-in options…',
} as const;
