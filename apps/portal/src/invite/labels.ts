/** Button names of the invite screen (section 2); contracts holds its titles and texts. */
export const INVITE_LABELS = {
  accept: 'Accept',
  decline: 'Decline',
  login: 'Login',
  loading: 'Loading invitation…',
} as const;
