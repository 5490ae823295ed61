/*
 * The sign-in and sign-up forms' schemas, written with zod's mini build: these pages are a visitor's
 * first, and the full build with the request schemas would add about 25 KB to them (decision 010).
 * The server checks the same rules with the request schemas of auth.ts.
 */
import { z } from 'zod/mini';
import { MESSAGES } from './messages.ts';
import { firstSignupIssue } from './signup-rules.ts';

export const SignupFormSchema = z
  .object({
    fullName: z.string(),
    email: z.string(),
    userName: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    acceptsPrivacyPolicy: z.boolean(),
  })
  .check((context) => {
    const { acceptsPrivacyPolicy, ...fields } = context.value;
    const issue = firstSignupIssue({
      ...fields,
      fullName: fields.fullName.trim(),
      email: fields.email.trim(),
      userName: fields.userName.trim(),
    });
    if (issue)
      context.issues.push({ code: 'custom', path: [issue.field], message: issue.message, input: fields });
    else if (!acceptsPrivacyPolicy) {
      context.issues.push({
        code: 'custom',
        path: ['acceptsPrivacyPolicy'],
        message: MESSAGES.signupPrivacy,
        input: acceptsPrivacyPolicy,
      });
    }
  });
export type SignupForm = z.infer<typeof SignupFormSchema>;

export const LoginFormSchema = z
  .object({
    userNameOrEmail: z.string(),
    password: z.string(),
    rememberMe: z.boolean(),
    code: z.string(),
  })
  .check((context) => {
    const empty = context.value.userNameOrEmail.trim()
      ? context.value.password
        ? null
        : 'password'
      : 'userNameOrEmail';
    if (empty)
      context.issues.push({ code: 'custom', path: [empty], message: MESSAGES.loginRequired, input: '' });
  });
export type LoginForm = z.infer<typeof LoginFormSchema>;
