import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** The special characters the specification's password rule names. */
const SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USER_NAME = /^[A-Za-z0-9._-]{3,30}$/;

const text = z.string().trim().max(200);

export const SignupRequestSchema = z
  .object({
    fullName: text.optional().default(''),
    userName: text.optional().default(''),
    email: text.optional().default(''),
    password: z.string().max(200).optional().default(''),
    confirmPassword: z.string().max(200).optional().default(''),
  })
  .superRefine((input, ctx) => {
    const problem = firstSignupProblem(input);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((input) => ({ ...input, email: input.email.toLowerCase() }));

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

export const LoginRequestSchema = z
  .object({
    userNameOrEmail: z.string().trim().max(200).optional().default(''),
    password: z.string().max(200).optional().default(''),
    rememberMe: z.boolean().optional().default(false),
    /** The authenticator code (or a recovery code) when two-factor sign-in is on. */
    code: z.string().trim().max(20).optional(),
  })
  .refine((input) => input.userNameOrEmail !== '' && input.password !== '', {
    message: MESSAGES.loginRequired,
  });

/** Session lengths of DESIGN.md section 2: "Remember me" chooses the long one. */
export const SESSION_TTL_MS = { remembered: 30 * 24 * 3600 * 1000, short: 12 * 3600 * 1000 } as const;
