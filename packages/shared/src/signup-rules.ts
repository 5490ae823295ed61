/*
 * The signup rules, apart from the request schema that applies them: the signup page checks them
 * before sending without loading zod.
 */

import { MESSAGES } from './messages.ts';

/** The special characters the specification's password rule names. */
const SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USER_NAME = /^[A-Za-z0-9._-]{3,30}$/;

/** The signup rules in the specification's order; only the first broken one is reported. */
export function firstSignupProblem(input: {
  fullName: string;
  userName: string;
  email: string;
  password: string;
  confirmPassword: string;
}): string | null {
  const { fullName, userName, email, password, confirmPassword } = input;
  if (!fullName || !userName || !email || !password || !confirmPassword) {
    return MESSAGES.signupAllFields;
  }
  if (fullName.split(/\s+/).filter(Boolean).length < 2) return MESSAGES.signupFullName;
  if (password !== confirmPassword) return MESSAGES.signupPasswordsMatch;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !SPECIAL.test(password)) {
    return MESSAGES.signupPasswordStrength;
  }
  if (password.length < 8 || password.length > 128) return MESSAGES.signupPasswordLength;
  if (!EMAIL.test(email)) return MESSAGES.signupEmail;
  if (!USER_NAME.test(userName)) return MESSAGES.signupUserName;
  return null;
}
