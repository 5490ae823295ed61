import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { PasskeyAssertionSchema } from './passkeys.ts';
import { firstSignupProblem } from './signup-rules.ts';

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

export const LoginRequestSchema = z
  .object({
    userNameOrEmail: z.string().trim().max(200).optional().default(''),
    password: z.string().max(200).optional().default(''),
    rememberMe: z.boolean().optional().default(false),
    /** The authenticator code (or a recovery code) when two-factor sign-in is on. */
    code: z.string().trim().max(20).optional(),
    /** A passkey's answer to the second-factor challenge the first attempt answered with. */
    passkey: PasskeyAssertionSchema.optional(),
  })
  .refine((input) => input.userNameOrEmail !== '' && input.password !== '', {
    message: MESSAGES.loginRequired,
  });

/** Session lengths of DESIGN.md section 2: "Remember me" chooses the long one. */
export const SESSION_TTL_MS = { remembered: 30 * 24 * 3600 * 1000, short: 12 * 3600 * 1000 } as const;

export const EmailConfirmationRequestSchema = z.object({
  token: z
    .string({ message: MESSAGES.emailConfirmationLinkInvalid })
    .trim()
    .min(1, MESSAGES.emailConfirmationLinkInvalid)
    .max(200, MESSAGES.emailConfirmationLinkInvalid),
});
