/**
 * The staff password policy (the spec's hosted sign-in policy): at least 8 characters with lower
 * case, upper case, numbers and special characters, checked in this order with these texts. The
 * sign-in island shows them live; the API enforces them on every path that sets a password.
 */
export const PASSWORD_MIN_LENGTH = 8;

/** The 33 special characters the spec's policy counts: space and ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - */
export const PASSWORD_SPECIAL_CHARACTERS = ' ^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

export const PASSWORD_MESSAGES = {
  tooShort: `Password must have at least ${PASSWORD_MIN_LENGTH} characters`,
  lower: 'Password must have lower case letters',
  upper: 'Password must have upper case letters',
  number: 'Password must have numbers',
  special: 'Password must have special characters',
  mismatch: 'Your passwords must match',
} as const;

/** Every rule the password breaks, in the policy's order (empty when it is acceptable). */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (!/[a-z]/.test(password)) problems.push(PASSWORD_MESSAGES.lower);
  if (!/[A-Z]/.test(password)) problems.push(PASSWORD_MESSAGES.upper);
  if (!/[0-9]/.test(password)) problems.push(PASSWORD_MESSAGES.number);
  if (![...password].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch))) problems.push(PASSWORD_MESSAGES.special);
  return problems;
}

/** The spec's length from which the two passwords are compared while typing. */
export const PASSWORD_MATCH_CHECK_LENGTH = 6;

/** 'Your passwords must match' shows once both are at least PASSWORD_MATCH_CHECK_LENGTH characters long and they differ. */
export function confirmationProblem(password: string, confirmation: string): string | null {
  return password.length >= PASSWORD_MATCH_CHECK_LENGTH && confirmation.length >= PASSWORD_MATCH_CHECK_LENGTH && password !== confirmation ? PASSWORD_MESSAGES.mismatch : null;
}
