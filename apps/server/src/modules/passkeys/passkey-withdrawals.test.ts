import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { MESSAGES, PASSKEY_MESSAGES } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import { balanceOf, fundUser, saveUsableWithdrawalAddress, verify } from '../../../test/money.ts';
import {
  createSoftwareAuthenticator,
  type SoftwareAuthenticator,
} from '../../../test/software-authenticator.ts';
import {
  bearer,
  createMailbox,
  createTestApp,
  signUpAndLogin,
  type TestApp,
  waitForMail,
  withTestApp,
} from '../../../test/test-app.ts';
import { CHALLENGE_TTL_MS } from './passkey-assertions.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const OTHER_BTC_ADDRESS = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OTHER_ETH_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

const clock = createTestClock();
const mailbox = createMailbox();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), {}, { clock, mailer: mailbox });

type Assertion = { challengeId: string; response: AuthenticationResponseJSON };
type Challenge = {
  challengeId: string;
  options: PublicKeyCredentialRequestOptionsJSON;
  intent: Record<string, string>;
};

/**
 * A verified user holding `amount`, with a BTC and an ETH address past their cool-off (saved by
 * password, before the passkey), and then a passkey.
 */
async function verifiedUserWithPasskey(amount: number) {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, adminToken, person.user._id);
  if (amount > 0) await fundUser(t.app, adminToken, person.user._id, amount);
  const addresses: Record<string, string> = {};
  for (const [coin, address] of [
    ['btc', BTC_ADDRESS],
    ['eth', ETH_ADDRESS],
  ] as const) {
    const saved = await saveUsableWithdrawalAddress(t, clock, person.token, {
      coin,
      address,
      password: person.input.password,
    });
    addresses[coin] = saved._id;
  }
  const authenticator = createSoftwareAuthenticator({ origin: t.config.passkeys.origin });
  const registration = await post(person.token, '/api/user/passkeys/registration', {
    password: person.input.password,
  });
  expect(registration.statusCode).toBe(200);
  const { challengeId, options } = registration.json().data;
  const added = await post(person.token, '/api/user/passkeys', {
    challengeId,
    name: 'Phone',
    response: authenticator.register(options),
  });
  expect(added.statusCode, added.body).toBe(201);
  return { ...person, authenticator, addresses };
}

function post(token: string, url: string, payload: object, app: TestApp = t) {
  return app.app.inject({ method: 'POST', url, headers: bearer(token), payload });
}

function withdraw(token: string, payload: object, app: TestApp = t) {
  return post(token, '/api/user/withdraw', payload, app);
}

async function challenge(token: string, request: object): Promise<Challenge> {
  const response = await post(token, '/api/user/passkeys/challenge', request);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** The passkey's answer to a challenge issued for `request`. */
async function confirmation(
  token: string,
  authenticator: SoftwareAuthenticator,
  request: object,
  overrides: Parameters<SoftwareAuthenticator['authenticate']>[1] = {},
): Promise<Assertion> {
  const { challengeId, options } = await challenge(token, request);
  return { challengeId, response: authenticator.authenticate(options, overrides) };
}

async function withdrawalsOf(userId: string): Promise<{ amount_cents: string; address: string }[]> {
  const { rows } = await t.pool.query<{ amount_cents: string; address: string }>(
    'select amount_cents::text, address from withdrawals where user_id = $1 order by created_at',
    [userId],
  );
  return rows;
}

async function savedAddresses(token: string): Promise<string[]> {
  const response = await t.app.inject({ url: '/api/user/addresses', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data.map((row: { address: string }) => row.address);
}

describe('a withdrawal confirmed by a passkey', () => {
  it('asks for the passkey once the account has one, and takes a withdrawal confirmed for exactly it', async () => {
    const { token, user, authenticator, addresses } = await verifiedUserWithPasskey(500);
    const request = { amount: 200, method: 'btc', address: BTC_ADDRESS };

    const unconfirmed = await withdraw(token, request);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ message: PASSKEY_MESSAGES.required, passkeyRequired: true });
    expect(await balanceOf(t.app, token, user._id)).toBe(500);

    const issued = await challenge(token, { purpose: 'withdrawal', ...request });
    expect(issued.intent).toMatchObject({
      purpose: 'withdrawal',
      coin: 'btc',
      address: BTC_ADDRESS,
      amountCents: '20000',
    });
    const paid = await withdraw(token, {
      ...request,
      passkey: { challengeId: issued.challengeId, response: authenticator.authenticate(issued.options) },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({
      message: MESSAGES.withdrawalRequested,
      data: { amount: 200, method: 'btc', address: BTC_ADDRESS, status: 'pending' },
    });
    expect(await balanceOf(t.app, token, user._id)).toBe(300);

    const byId = { amount: 50, addressId: addresses.eth };
    const paidById = await withdraw(token, {
      ...byId,
      passkey: await confirmation(token, authenticator, { purpose: 'withdrawal', ...byId }),
    });
    expect(paidById.statusCode, paidById.body).toBe(201);
    expect(paidById.json().data).toMatchObject({ amount: 50, method: 'eth', address: ETH_ADDRESS });
    expect(await balanceOf(t.app, token, user._id)).toBe(250);
    expect(await withdrawalsOf(user._id)).toHaveLength(2);
  });

  it('answers a retry with the same Idempotency-Key and a fresh confirmation with the first answer, once', async () => {
    const { token, user, authenticator } = await verifiedUserWithPasskey(500);
    const request = { amount: 120, method: 'btc', address: BTC_ADDRESS };
    const send = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/withdraw',
        headers: { ...bearer(token), 'idempotency-key': 'retry-after-a-lost-answer' },
        payload: {
          ...request,
          passkey: await confirmation(token, authenticator, { purpose: 'withdrawal', ...request }),
        },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    // The answer was lost; the page asks the passkey again and sends the same request.
    const retried = await send();
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().data._id).toBe(first.json().data._id);
    expect(await withdrawalsOf(user._id)).toHaveLength(1);
    expect(await balanceOf(t.app, token, user._id)).toBe(380);
  });

  it('issues no confirmation for a withdrawal that would be refused', async () => {
    const { token } = await verifiedUserWithPasskey(500);
    const unsaved = await post(token, '/api/user/passkeys/challenge', {
      purpose: 'withdrawal',
      amount: 10,
      method: 'btc',
      address: OTHER_BTC_ADDRESS,
    });
    expect(unsaved.statusCode).toBe(403);
    expect(unsaved.json().message).toBe(MESSAGES.withdrawalAddressNotSaved);
    const noPasskey = await signUpAndLogin(t.app);
    const refused = await post(noPasskey.token, '/api/user/passkeys/challenge', {
      purpose: 'reauthenticate',
    });
    expect(refused.statusCode).toBe(409);
  });

  it('refuses the confirmation for another amount or another address, and moves nothing', async () => {
    const { token, user, authenticator } = await verifiedUserWithPasskey(500);
    const request = { amount: 100, method: 'btc', address: BTC_ADDRESS };
    const passkey = await confirmation(token, authenticator, { purpose: 'withdrawal', ...request });

    for (const other of [
      { ...request, amount: 150 },
      { ...request, amount: 99.99 },
      { amount: 100, method: 'eth', address: ETH_ADDRESS },
    ]) {
      const response = await withdraw(token, { ...other, passkey });
      expect(response.statusCode, JSON.stringify(other)).toBe(400);
      expect(response.json().message).toBe(PASSKEY_MESSAGES.confirmationMismatch);
    }
    expect(await balanceOf(t.app, token, user._id)).toBe(500);
    expect(await withdrawalsOf(user._id)).toEqual([]);

    // A refused request rolls back and leaves the challenge to the request it was issued for.
    const paid = await withdraw(token, { ...request, passkey });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await balanceOf(t.app, token, user._id)).toBe(400);
    expect(await withdrawalsOf(user._id)).toEqual([{ amount_cents: '10000', address: BTC_ADDRESS }]);
  });

  it("refuses a confirmation of another purpose or of another user's account", async () => {
    const person = await verifiedUserWithPasskey(500);
    const other = await verifiedUserWithPasskey(500);
    const request = { amount: 100, method: 'btc', address: BTC_ADDRESS };
    const cases: [Assertion, string][] = [
      [
        await confirmation(person.token, person.authenticator, { purpose: 'reauthenticate' }),
        PASSKEY_MESSAGES.confirmationExpired,
      ],
      [
        await confirmation(person.token, person.authenticator, {
          purpose: 'withdrawal-address',
          coin: 'btc',
          address: BTC_ADDRESS,
        }),
        PASSKEY_MESSAGES.confirmationExpired,
      ],
      [
        await confirmation(other.token, other.authenticator, { purpose: 'withdrawal', ...request }),
        PASSKEY_MESSAGES.confirmationExpired,
      ],
      [
        await confirmation(
          person.token,
          other.authenticator,
          { purpose: 'withdrawal', ...request },
          { credentialId: other.authenticator.credentials[0]?.credentialId ?? '' },
        ),
        PASSKEY_MESSAGES.unknownPasskey,
      ],
      [
        await confirmation(
          person.token,
          person.authenticator,
          { purpose: 'withdrawal', ...request },
          { origin: 'https://evil.example' },
        ),
        PASSKEY_MESSAGES.notVerified,
      ],
    ];
    for (const [passkey, message] of cases) {
      const response = await withdraw(person.token, { ...request, passkey });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(500);
    expect(await withdrawalsOf(person.user._id)).toEqual([]);
    expect(await withdrawalsOf(other.user._id)).toEqual([]);
  });

  it('takes a confirmation once', async () => {
    const { token, user, authenticator } = await verifiedUserWithPasskey(500);
    const request = { amount: 100, method: 'btc', address: BTC_ADDRESS };
    const passkey = await confirmation(token, authenticator, { purpose: 'withdrawal', ...request });
    expect((await withdraw(token, { ...request, passkey })).statusCode).toBe(201);
    const again = await withdraw(token, { ...request, passkey });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PASSKEY_MESSAGES.confirmationExpired);
    expect(await balanceOf(t.app, token, user._id)).toBe(400);
    expect(await withdrawalsOf(user._id)).toHaveLength(1);
  });

  it('refuses a confirmation once its five minutes have passed', async () => {
    const { token, user, authenticator } = await verifiedUserWithPasskey(500);
    const request = { amount: 100, method: 'btc', address: BTC_ADDRESS };

    const late = await confirmation(token, authenticator, { purpose: 'withdrawal', ...request });
    clock.advance(CHALLENGE_TTL_MS);
    const expired = await withdraw(token, { ...request, passkey: late });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(PASSKEY_MESSAGES.confirmationExpired);
    expect(await balanceOf(t.app, token, user._id)).toBe(500);
    expect(await withdrawalsOf(user._id)).toEqual([]);

    const inTime = await confirmation(token, authenticator, { purpose: 'withdrawal', ...request });
    clock.advance(CHALLENGE_TTL_MS - 1000);
    expect((await withdraw(token, { ...request, passkey: inTime })).statusCode).toBe(201);
    expect(await balanceOf(t.app, token, user._id)).toBe(400);
  });

  it('refuses a copied passkey, moves nothing and e-mails the owner', async () => {
    const { token, user, authenticator } = await verifiedUserWithPasskey(500);
    const request = { amount: 100, method: 'btc', address: BTC_ADDRESS };
    const copied = await confirmation(
      token,
      authenticator,
      { purpose: 'withdrawal', ...request },
      { counter: 1 },
    );
    const response = await withdraw(token, { ...request, passkey: copied });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(PASSKEY_MESSAGES.cloned);
    await waitForMail(mailbox, user.email, /A copy of your passkey was refused/);
    expect(await balanceOf(t.app, token, user._id)).toBe(500);
    expect(await withdrawalsOf(user._id)).toEqual([]);
  });
});

describe('one confirmation racing itself', () => {
  it('withdraws once when several requests carry one confirmation at the same time', async () => {
    const { token, user, authenticator } = await verifiedUserWithPasskey(500);
    const request = { amount: 100, method: 'btc', address: BTC_ADDRESS };
    const passkey = await confirmation(token, authenticator, { purpose: 'withdrawal', ...request });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => withdraw(token, { ...request, passkey })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const refused of responses.filter((response) => response.statusCode === 400)) {
      expect(refused.json().message).toBe(PASSKEY_MESSAGES.confirmationExpired);
    }
    expect(await balanceOf(t.app, token, user._id)).toBe(400);
    expect(await withdrawalsOf(user._id)).toHaveLength(1);
  });

  it('withdraws once when two servers on one database receive the same confirmation', async () => {
    const second = await createTestApp(t.config, { sharedWith: t, clock });
    try {
      const { token, user, authenticator } = await verifiedUserWithPasskey(500);
      const request = { amount: 100, method: 'btc', address: BTC_ADDRESS };
      const passkey = await confirmation(token, authenticator, { purpose: 'withdrawal', ...request });
      const responses = await Promise.all(
        [t, second, t, second].map((app) => withdraw(token, { ...request, passkey }, app)),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400]);
      for (const refused of responses.filter((response) => response.statusCode === 400)) {
        expect(refused.json().message).toBe(PASSKEY_MESSAGES.confirmationExpired);
      }
      expect(await balanceOf(t.app, token, user._id)).toBe(400);
      expect(await withdrawalsOf(user._id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('a new withdrawal address confirmed by a passkey', () => {
  it('needs a confirmation bound to its coin and address', async () => {
    const { token, authenticator } = await verifiedUserWithPasskey(0);
    const address = { coin: 'btc', address: OTHER_BTC_ADDRESS, label: 'Cold wallet' };
    const before = await savedAddresses(token);

    const byPassword = await post(token, '/api/user/addresses', {
      ...address,
      password: 'Secret#Pass1',
    });
    expect(byPassword.statusCode).toBe(400);
    expect(byPassword.json()).toMatchObject({ message: PASSKEY_MESSAGES.required, passkeyRequired: true });

    const passkey = await confirmation(token, authenticator, { purpose: 'withdrawal-address', ...address });
    for (const other of [
      { coin: 'eth', address: OTHER_ETH_ADDRESS, label: 'Cold wallet' },
      { coin: 'btc', address: BTC_ADDRESS, label: 'Cold wallet' },
    ]) {
      const response = await post(token, '/api/user/addresses', { ...other, passkey });
      expect(response.statusCode, JSON.stringify(other)).toBe(400);
      expect(response.json().message).toBe(PASSKEY_MESSAGES.confirmationMismatch);
    }
    const withdrawalConfirmation = await confirmation(token, authenticator, {
      purpose: 'withdrawal',
      amount: 10,
      method: 'btc',
      address: BTC_ADDRESS,
    });
    const wrongPurpose = await post(token, '/api/user/addresses', {
      ...address,
      passkey: withdrawalConfirmation,
    });
    expect(wrongPurpose.statusCode).toBe(400);
    expect(wrongPurpose.json().message).toBe(PASSKEY_MESSAGES.confirmationExpired);
    expect(await savedAddresses(token)).toEqual(before);

    const saved = await post(token, '/api/user/addresses', { ...address, passkey });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({
      coin: 'btc',
      address: OTHER_BTC_ADDRESS,
      label: 'Cold wallet',
    });
    const again = await post(token, '/api/user/addresses', {
      ...address,
      label: 'Again',
      passkey,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PASSKEY_MESSAGES.confirmationExpired);
    expect((await savedAddresses(token)).sort()).toEqual([...before, OTHER_BTC_ADDRESS].sort());
  });
});
