import { describe, expect, it } from 'vitest';
import { WalletFormSchema } from './wallet-form.ts';

const problemsOf = (form: { xpub: string; confirmations: string }) =>
  WalletFormSchema.safeParse(form).error?.issues.map(({ path, message }) => [path.join('.'), message]);

describe('WalletFormSchema', () => {
  it('reads the confirmations as a number', () => {
    expect(WalletFormSchema.parse({ xpub: ' vpub1 ', confirmations: '2' })).toEqual({
      xpub: 'vpub1',
      confirmations: 2,
    });
  });

  it("reports the server's words on the fields", () => {
    expect(problemsOf({ xpub: ' ', confirmations: '' })).toEqual([
      ['xpub', 'Paste the extended public key of the account.'],
      ['confirmations', 'At least one confirmation.'],
    ]);
    expect(problemsOf({ xpub: 'vpub1', confirmations: '1.5' })).toEqual([
      ['confirmations', 'Confirmations must be a whole number.'],
    ]);
  });
});
