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
