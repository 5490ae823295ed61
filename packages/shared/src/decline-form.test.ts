import { describe, expect, it } from 'vitest';
import { declineFormSchema } from './decline-form.ts';

describe('declineFormSchema', () => {
  it('trims the reason, and lets it be left out where none is owed', () => {
    expect(declineFormSchema(false).parse({ reason: '  ' })).toEqual({ reason: '' });
    expect(declineFormSchema(true).parse({ reason: ' No payment arrived ' })).toEqual({
      reason: 'No payment arrived',
    });
  });

  it('asks for the reason on the reason where one is owed', () => {
    const issues = declineFormSchema(true).safeParse({ reason: ' ' }).error?.issues;
    expect(issues?.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['reason', 'Please give the reason for declining.'],
    ]);
  });
});
