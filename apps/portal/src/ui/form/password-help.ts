/**
 * The hint under a new-password field: the password rule of section 5 in one line. Ours (the
 * specification lists the rules' messages, not a hint).
 */
export const PASSWORD_HELP =
  '6 to 50 characters, with an uppercase letter, a lowercase letter and a number.';
