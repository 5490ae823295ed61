/*
 * The signup rules, apart from the request schema that applies them: the signup page checks them
 * before sending without loading zod.
 */

import { MESSAGES } from './messages.ts';

/** The special characters the specification's password rule names. */
const SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USER_NAME = /^[A-Za-z0-9._-]{3,30}$/;

type SignupFields = {
  fullName: string;
  userName: string;
  email: string;
  password: string;
  confirmPassword: string;
};

/**
 * The first broken signup rule, in the specification's order, with the field it is about (the
 * first empty one when fields are missing), so a form can mark it.
 */
export function firstSignupIssue(input: SignupFields): { field: keyof SignupFields; message: string } | null {
  const { fullName, userName, email, password, confirmPassword } = input;
  const empty = (['fullName', 'email', 'userName', 'password', 'confirmPassword'] as const).find(
    (field) => !input[field],
  );
  if (empty) return { field: empty, message: MESSAGES.signupAllFields };
  if (fullName.split(/\s+/).filter(Boolean).length < 2) {
    return { field: 'fullName', message: MESSAGES.signupFullName };
  }
  if (password !== confirmPassword)
    return { field: 'confirmPassword', message: MESSAGES.signupPasswordsMatch };
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !SPECIAL.test(password)) {
    return { field: 'password', message: MESSAGES.signupPasswordStrength };
  }
  if (password.length < 8 || password.length > 128) {
    return { field: 'password', message: MESSAGES.signupPasswordLength };
  }
  if (!EMAIL.test(email)) return { field: 'email', message: MESSAGES.signupEmail };
  if (!USER_NAME.test(userName)) return { field: 'userName', message: MESSAGES.signupUserName };
  return null;
}

/** The signup rules in the specification's order; only the first broken one is reported. */
export function firstSignupProblem(input: SignupFields): string | null {
  return firstSignupIssue(input)?.message ?? null;
}
