import { describe, expect, it } from 'vitest';
import { SignupRequestSchema } from './auth.ts';
import { MESSAGES } from './messages.ts';
import { firstSignupProblem } from './signup-rules.ts';

const valid = {
  fullName: 'Ada Lovelace',
  userName: 'ada.l',
  email: 'ada@example.com',
  password: 'Engine#1843',
  confirmPassword: 'Engine#1843',
};

describe('firstSignupProblem', () => {
  it('accepts a complete, valid sign-up', () => {
    expect(firstSignupProblem(valid)).toBeNull();
  });

  it('says the specification’s texts verbatim', () => {
    expect(MESSAGES.signupAllFields).toBe('All fields are required.');
    expect(MESSAGES.signupFullName).toBe(
      'Full name must contain both a first name and a last name separated by a space.',
    );
    expect(MESSAGES.signupPasswordsMatch).toBe('Passwords do not match.');
    expect(MESSAGES.signupPasswordStrength).toBe(
      'Password must include uppercase, lowercase, and special characters.',
    );
  });

  it.each(['fullName', 'userName', 'email', 'password', 'confirmPassword'] as const)(
    'asks for every field when %s is empty',
    (field) => {
      expect(firstSignupProblem({ ...valid, [field]: '' })).toBe('All fields are required.');
    },
  );

  it.each(['Ada', 'Ada ', ' Ada', 'Ada\t'])('wants a first and a last name: %j', (fullName) => {
    expect(firstSignupProblem({ ...valid, fullName })).toBe(
      'Full name must contain both a first name and a last name separated by a space.',
    );
  });

  it('counts names separated by any run of spaces', () => {
    expect(firstSignupProblem({ ...valid, fullName: '  Ada   King  Lovelace ' })).toBeNull();
  });

  it('wants the two passwords equal, case included', () => {
    expect(firstSignupProblem({ ...valid, confirmPassword: 'engine#1843' })).toBe('Passwords do not match.');
  });

  it.each([
    ['no uppercase', 'engine#1843'],
    ['no lowercase', 'ENGINE#1843'],
    ['no special character', 'Engine1843x'],
    ['a special character outside the list', 'Engine_1843'],
  ])('wants uppercase, lowercase and a special character: %s', (_, password) => {
    expect(firstSignupProblem({ ...valid, password, confirmPassword: password })).toBe(
      'Password must include uppercase, lowercase, and special characters.',
    );
  });

  it.each([...'!@#$%^&*(),.?":{}|<>'])('takes %s as the special character', (special) => {
    const password = `Engine${special}1843`;
    expect(firstSignupProblem({ ...valid, password, confirmPassword: password })).toBeNull();
  });

  it('then checks the length, the e-mail and the username', () => {
    expect(firstSignupProblem({ ...valid, password: 'Ab#1', confirmPassword: 'Ab#1' })).toBe(
      MESSAGES.signupPasswordLength,
    );
    const long = `Ab#${'x'.repeat(126)}`;
    expect(firstSignupProblem({ ...valid, password: long, confirmPassword: long })).toBe(
      'Password must be between 8 and 128 characters.',
    );
    const longest = `Ab#${'x'.repeat(125)}`;
    expect(firstSignupProblem({ ...valid, password: longest, confirmPassword: longest })).toBeNull();
    expect(firstSignupProblem({ ...valid, email: 'ada@example' })).toBe(
      'Please enter a valid email address.',
    );
    expect(firstSignupProblem({ ...valid, userName: 'ad' })).toBe(
      'Username must be 3 to 30 letters, digits, dots, dashes or underscores.',
    );
    expect(firstSignupProblem({ ...valid, userName: 'ada lovelace' })).toBe(MESSAGES.signupUserName);
  });

  describe('when several rules fail, the first in the specification’s order wins', () => {
    const allBroken = {
      fullName: 'Ada',
      userName: '!',
      email: 'not-an-email',
      password: 'short',
      confirmPassword: 'different',
    };

    it('an empty field before everything else', () => {
      expect(firstSignupProblem({ ...allBroken, email: '' })).toBe('All fields are required.');
    });
    it('the full name before the passwords', () => {
      expect(firstSignupProblem(allBroken)).toBe(
        'Full name must contain both a first name and a last name separated by a space.',
      );
    });
    it('matching passwords before their strength', () => {
      expect(firstSignupProblem({ ...allBroken, fullName: 'Ada Lovelace' })).toBe('Passwords do not match.');
    });
    it('strength before length, e-mail and username', () => {
      expect(firstSignupProblem({ ...allBroken, fullName: 'Ada Lovelace', confirmPassword: 'short' })).toBe(
        'Password must include uppercase, lowercase, and special characters.',
      );
    });
    it('length before e-mail, e-mail before username', () => {
      const strongShort = { ...allBroken, fullName: 'Ada Lovelace', password: 'Ab#', confirmPassword: 'Ab#' };
      expect(firstSignupProblem(strongShort)).toBe('Password must be between 8 and 128 characters.');
      const strong = { ...strongShort, password: 'Engine#1843', confirmPassword: 'Engine#1843' };
      expect(firstSignupProblem(strong)).toBe('Please enter a valid email address.');
      expect(firstSignupProblem({ ...strong, email: 'ada@example.com' })).toBe(MESSAGES.signupUserName);
    });
  });
});

describe('SignupRequestSchema', () => {
  const messagesOf = (input: unknown) => {
    const result = SignupRequestSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('reports one problem only, the first rule broken', () => {
    expect(messagesOf({ fullName: 'Ada' })).toEqual(['All fields are required.']);
    expect(messagesOf({ ...valid, fullName: 'Ada', confirmPassword: 'x' })).toEqual([
      'Full name must contain both a first name and a last name separated by a space.',
    ]);
  });

  it('treats a name of spaces as missing, since it trims first', () => {
    expect(messagesOf({ ...valid, fullName: '   ' })).toEqual(['All fields are required.']);
  });

  it('lower-cases the e-mail and keeps the password as typed', () => {
    const result = SignupRequestSchema.parse({ ...valid, email: ' Ada@Example.COM ' });
    expect(result.email).toBe('ada@example.com');
    expect(result.password).toBe('Engine#1843');
  });
});
