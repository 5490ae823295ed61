import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { type ProfileForm, profileFormSchema } from './profile-form.ts';

const current: ProfileForm = {
  userName: 'ada.l',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '',
  dateOfBirth: '10/12/1990',
  address: '',
  postalCode: '',
  country: '',
  password: '',
  code: '',
};

const schema = (isSecondFactorOn = false) =>
  profileFormSchema({ currentEmail: current.email, isSecondFactorOn });

/** The problems reported, as field: message. */
function problems(form: Partial<ProfileForm>, isSecondFactorOn = false) {
  const checked = schema(isSecondFactorOn).safeParse({ ...current, ...form });
  return checked.success
    ? []
    : checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('profileFormSchema', () => {
  it('sends the fields as typed, without proof while the e-mail address stays', () => {
    const { password, code, ...profile } = current;
    expect(schema().parse({ ...current, email: ' ADA@example.com', password: 'x' })).toEqual({
      ...profile,
      email: ' ADA@example.com',
    });
  });

  it('marks the field of the first problem only, in the server’s words and order', () => {
    expect(problems({ fullName: 'Ada', phone: 'abc' })).toEqual([`fullName: ${MESSAGES.signupFullName}`]);
    expect(problems({ fullName: '' })).toEqual([`fullName: ${MESSAGES.signupAllFields}`]);
    expect(problems({ email: 'nope' })).toEqual([`email: ${MESSAGES.signupEmail}`]);
    expect(problems({ phone: 'abc' })).toEqual([`phone: ${MESSAGES.profilePhone}`]);
    expect(problems({ dateOfBirth: '31/02/1990' })).toEqual([`dateOfBirth: ${MESSAGES.profileDate}`]);
    expect(problems({ dateOfBirth: `01/01/${new Date().getFullYear() - 10}` })).toEqual([
      `dateOfBirth: ${MESSAGES.profileAge}`,
    ]);
    expect(problems({ country: 'x'.repeat(81) })).toEqual([`country: ${MESSAGES.fieldTooLong}`]);
  });

  it('asks a new address for the password, then for the code when the second factor is on', () => {
    expect(problems({ email: 'new@example.com' })).toEqual([
      `password: ${MESSAGES.emailChangeNeedsPassword}`,
    ]);
    expect(problems({ email: 'new@example.com', password: 'Secret#1' })).toEqual([]);
    expect(problems({ email: 'new@example.com', password: 'Secret#1', code: ' ' }, true)).toEqual([
      `code: ${MESSAGES.twoFactorCodeNeeded}`,
    ]);
    expect(problems({ code: '' }, true)).toEqual([]);
  });

  it('sends the proof with a new address: the code only when the second factor is on', () => {
    const form = { ...current, email: 'new@example.com', password: 'Secret#1', code: '123456' };
    expect(schema().parse(form)).not.toHaveProperty('code');
    expect(schema().parse(form)).toMatchObject({ password: 'Secret#1' });
    expect(schema(true).parse(form)).toMatchObject({ password: 'Secret#1', code: '123456' });
  });
});
