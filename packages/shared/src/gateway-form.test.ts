import { describe, expect, it } from 'vitest';
import { GatewayFormSchema } from './gateway-form.ts';
import { MESSAGES } from './messages.ts';

const problemsOf = (form: { add: string; type: string }) =>
  GatewayFormSchema.safeParse(form).error?.issues.map(({ path, message }) => [path.join('.'), message]);

describe('GatewayFormSchema', () => {
  it('marks the first missing field, once', () => {
    expect(problemsOf({ add: ' ', type: '' })).toEqual([['add', MESSAGES.gatewayFieldsRequired]]);
    expect(problemsOf({ add: 'bc1q', type: '' })).toEqual([['type', MESSAGES.gatewayFieldsRequired]]);
  });

  it('sends the trimmed address and the coin as chosen', () => {
    expect(GatewayFormSchema.parse({ add: ' bc1q ', type: 'btc' })).toEqual({ add: 'bc1q', type: 'btc' });
  });
});
