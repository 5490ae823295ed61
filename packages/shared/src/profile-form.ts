import { z } from 'zod';
import { type UpdateProfileRequest, UpdateProfileRequestSchema } from './account.ts';
import { MESSAGES } from './messages.ts';
import { firstSignupIssue } from './signup-rules.ts';

/** Compared as the server compares them: a new address hands over the account, so it asks for proof. */
export const isNewEmail = (typed: string, current: string) =>
  typed.trim().toLowerCase() !== current.toLowerCase();

const ProfileFormFieldsSchema = z.object({
  userName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  dateOfBirth: z.string(),
  address: z.string(),
  postalCode: z.string(),
  country: z.string(),
  password: z.string(),
  code: z.string(),
});
export type ProfileForm = z.input<typeof ProfileFormFieldsSchema>;
type ProfileField = keyof ProfileForm;

/** The profile's fields checked by the server's own schema, with the field its first problem is about. */
function firstProfileIssue(profile: Omit<ProfileForm, 'password' | 'code'>) {
  const checked = UpdateProfileRequestSchema.safeParse(profile);
  if (checked.success) return null;
  const issue = checked.error.issues[0];
  if (!issue) return { field: 'email' as const, message: MESSAGES.unexpected };
  const named = issue.path[0];
  if (typeof named === 'string' && named in profile)
    return { field: named as ProfileField, message: issue.message };
  // The schema's own checks name no field: the sign-up rules' order says which, then phone and birth date.
  const signupIssue = firstSignupIssue({
    fullName: profile.fullName.trim(),
    userName: profile.userName.trim(),
    email: profile.email.trim(),
    password: 'Valid#Pass1',
    confirmPassword: 'Valid#Pass1',
  });
  const field: ProfileField =
    issue.message === MESSAGES.profilePhone
      ? 'phone'
      : issue.message === MESSAGES.profileDate || issue.message === MESSAGES.profileAge
        ? 'dateOfBirth'
        : ((signupIssue?.field as ProfileField | undefined) ?? 'email');
  return { field, message: issue.message };
}

/**
 * The Update Profile dialog's form: its text fields checked by UpdateProfileRequestSchema (only the
 * first problem, as the server answers it), then the proof a new e-mail address needs: the current
 * password, and the code when the second factor is on. Sends the fields as typed, with the proof
 * only for a new address.
 */
export function profileFormSchema({
  currentEmail,
  isSecondFactorOn,
}: {
  currentEmail: string;
  isSecondFactorOn: boolean;
}) {
  return ProfileFormFieldsSchema.superRefine(({ password, code, ...profile }, ctx) => {
    const isEmailChange = isNewEmail(profile.email, currentEmail);
    const issue =
      firstProfileIssue(profile) ??
      (isEmailChange && password === ''
        ? { field: 'password' as const, message: MESSAGES.emailChangeNeedsPassword }
        : isEmailChange && isSecondFactorOn && code.trim() === ''
          ? { field: 'code' as const, message: MESSAGES.twoFactorCodeNeeded }
          : null);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  }).transform(({ password, code, ...profile }): UpdateProfileRequest => {
    if (!isNewEmail(profile.email, currentEmail)) return profile;
    return { ...profile, password, ...(isSecondFactorOn ? { code } : {}) };
  });
}
