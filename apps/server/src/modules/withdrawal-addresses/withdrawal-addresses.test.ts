import { formatUtcTime, MESSAGES, withdrawalAddressCoolingOffMessage } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import { balanceOf, fundUser, saveWithdrawalAddress, verify } from '../../../test/money.ts';
import {
  bearer,
  createMailbox,
  createTestApp,
  signUpAndLogin,
  type TestApp,
  waitForMail,
  withTestApp,
} from '../../../test/test-app.ts';
import { HOUR_MS } from '../../lib/time.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const clock = createTestClock(new Date('2026-03-02T10:00:00Z'));
const mailbox = createMailbox();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), {}, { clock, mailer: mailbox });

async function verifiedUserWith(amount: number) {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, adminToken, person.user._id);
  await fundUser(t.app, adminToken, person.user._id, amount);
  return person;
}

function withdraw(token: string, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/user/withdraw', headers: bearer(token), payload });
}

function addAddress(token: string, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/user/addresses', headers: bearer(token), payload });
}

async function addressBook(token: string) {
  const response = await t.app.inject({ url: '/api/user/addresses', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the withdrawal address book', () => {
  it('refuses a withdrawal to an unsaved address, and moves nothing', async () => {
    const { token, user } = await verifiedUserWith(300);
    const response = await withdraw(token, { amount: 100, method: 'btc', address: BTC_ADDRESS });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.withdrawalAddressNotSaved);
    expect(await balanceOf(t.app, token, user._id)).toBe(300);
  });

  it('holds a new address for the cool-off, says until when, then pays to it', async () => {
    const { token, user, input } = await verifiedUserWith(300);
    const response = await addAddress(token, {
      coin: 'btc',
      address: BTC_ADDRESS,
      label: 'Cold wallet',
      password: input.password,
    });
    expect(response.statusCode).toBe(201);
    const usableAt = new Date(clock.now().getTime() + 24 * HOUR_MS);
    expect(response.json()).toMatchObject({
      message: MESSAGES.withdrawalAddressSaved,
      data: { coin: 'btc', address: BTC_ADDRESS, label: 'Cold wallet', isUsable: false },
    });
    expect(response.json().data.usableAt).toBe(usableAt.toISOString());

    const early = await withdraw(token, { amount: 100, method: 'btc', address: BTC_ADDRESS });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(withdrawalAddressCoolingOffMessage(usableAt));
    expect(early.json().message).toContain(formatUtcTime(usableAt));
    expect(early.json().usableAt).toBe(usableAt.toISOString());
    expect(await balanceOf(t.app, token, user._id)).toBe(300);

    clock.advance(24 * HOUR_MS);
    expect((await addressBook(token)).data[0]).toMatchObject({ isUsable: true });
    const paid = await withdraw(token, { amount: 100, method: 'btc', address: BTC_ADDRESS });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().data).toMatchObject({ address: BTC_ADDRESS, method: 'btc', amount: 100 });
    const byId = await withdraw(token, { amount: 50, addressId: response.json().data._id });
    expect(byId.statusCode).toBe(201);
    expect(byId.json().data).toMatchObject({ address: BTC_ADDRESS, method: 'btc', amount: 50 });
    expect(await balanceOf(t.app, token, user._id)).toBe(150);
  });

  it('e-mails the owner a link that voids the address', async () => {
    const { token, user, input } = await verifiedUserWith(300);
    const saved = await saveWithdrawalAddress(t.app, token, {
      coin: 'eth',
      address: ETH_ADDRESS,
      password: input.password,
    });
    const mail = await waitForMail(mailbox, user.email, /withdrawal address was added/);
    expect(mail.text).toContain(ETH_ADDRESS);
    expect(mail.text).toContain(formatUtcTime(new Date(saved.usableAt)));

    const cancelToken = mail.text.match(/\/cancel-address\?token=([\w-]+)/)?.[1];
    const cancel = () =>
      t.app.inject({ method: 'POST', url: '/api/user/addresses/cancel', payload: { token: cancelToken } });
    const first = await cancel();
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(MESSAGES.withdrawalAddressCancelled);
    expect((await cancel()).json().message).toBe(MESSAGES.withdrawalAddressCancelLinkInvalid);
    expect((await addressBook(token)).data).toEqual([]);

    clock.advance(25 * HOUR_MS);
    const response = await withdraw(token, { amount: 100, addressId: saved._id });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.withdrawalAddressNotSaved);
    expect(await balanceOf(t.app, token, user._id)).toBe(300);
  });

  it('refuses to add without the current password, or an address that is not for the coin', async () => {
    const { token, input } = await verifiedUserWith(10);
    const wrong = await addAddress(token, {
      coin: 'btc',
      address: BTC_ADDRESS,
      label: 'x',
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.passwordWrong);
    const missing = await addAddress(token, { coin: 'btc', address: BTC_ADDRESS, label: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES.withdrawalAddressNeedsPassword);
    const mismatched = await addAddress(token, {
      coin: 'btc',
      address: ETH_ADDRESS,
      label: 'x',
      password: input.password,
    });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().message).toBe(MESSAGES.invalidAddress);
    const noLabel = await addAddress(token, {
      coin: 'btc',
      address: BTC_ADDRESS,
      label: '  ',
      password: input.password,
    });
    expect(noLabel.json().message).toBe(MESSAGES.withdrawalAddressLabelRequired);
    expect((await addressBook(token)).data).toEqual([]);
  });

  it('saves one of two identical addresses added at the same moment', async () => {
    const { token, input } = await verifiedUserWith(10);
    const payload = { coin: 'btc', address: BTC_ADDRESS, label: 'Twice', password: input.password };
    const responses = await Promise.all([addAddress(token, payload), addAddress(token, payload)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json().message).toBe(
      MESSAGES.withdrawalAddressDuplicate,
    );
    expect((await addressBook(token)).data).toHaveLength(1);
  });

  it('removes an address, after which nothing goes to it', async () => {
    const { token, user, input } = await verifiedUserWith(300);
    const saved = await saveWithdrawalAddress(t.app, token, {
      coin: 'btc',
      address: BTC_ADDRESS,
      password: input.password,
    });
    clock.advance(25 * HOUR_MS);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/addresses/${saved._id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
    expect((await withdraw(token, { amount: 10, method: 'btc', address: BTC_ADDRESS })).statusCode).toBe(403);
    expect(await balanceOf(t.app, token, user._id)).toBe(300);
  });

  it("keeps one user's address book from another", async () => {
    const alice = await verifiedUserWith(300);
    const bob = await verifiedUserWith(300);
    const saved = await saveWithdrawalAddress(t.app, alice.token, {
      coin: 'btc',
      address: BTC_ADDRESS,
      password: alice.input.password,
    });
    clock.advance(25 * HOUR_MS);
    expect((await addressBook(bob.token)).data).toEqual([]);
    const byAlicesId = await withdraw(bob.token, { amount: 10, addressId: saved._id });
    expect(byAlicesId.statusCode).toBe(403);
    const byAlicesAddress = await withdraw(bob.token, { amount: 10, method: 'btc', address: BTC_ADDRESS });
    expect(byAlicesAddress.statusCode).toBe(403);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/addresses/${saved._id}`,
      headers: bearer(bob.token),
    });
    expect(removal.statusCode).toBe(404);
    expect((await addressBook(alice.token)).data).toHaveLength(1);
    expect(await balanceOf(t.app, bob.token, bob.user._id)).toBe(300);
  });

  it('lets a withdrawal and the removal of its address race: money leaves only while the address is saved', async () => {
    const { token, user, input } = await verifiedUserWith(300);
    const saved = await saveWithdrawalAddress(t.app, token, {
      coin: 'btc',
      address: BTC_ADDRESS,
      password: input.password,
    });
    clock.advance(25 * HOUR_MS);
    const [withdrawal, removal] = await Promise.all([
      withdraw(token, { amount: 100, addressId: saved._id }),
      t.app.inject({ method: 'DELETE', url: `/api/user/addresses/${saved._id}`, headers: bearer(token) }),
    ]);
    expect(removal.statusCode).toBe(200);
    expect([201, 403]).toContain(withdrawal.statusCode);
    expect(await balanceOf(t.app, token, user._id)).toBe(withdrawal.statusCode === 201 ? 200 : 300);
  });
});

describe('the cool-off, as the address book tells it', () => {
  it('names its length, and with none at all says a new address is usable now', async () => {
    const { token } = await signUpAndLogin(t.app);
    expect((await addressBook(token)).coolOffHours).toBe(24);

    const noWait = await createTestApp(
      { withdrawalSafety: { ...t.config.withdrawalSafety, addressCoolOffMs: 0 } },
      { sharedWith: t },
    );
    try {
      const person = await signUpAndLogin(noWait.app);
      const saved = await noWait.app.inject({
        method: 'POST',
        url: '/api/user/addresses',
        headers: bearer(person.token),
        payload: { coin: 'btc', address: BTC_ADDRESS, label: 'Hot wallet', password: person.input.password },
      });
      expect(saved.statusCode).toBe(201);
      expect(saved.json()).toMatchObject({
        message: MESSAGES.withdrawalAddressSavedUsableNow,
        data: { isUsable: true },
      });
      const book = await noWait.app.inject({ url: '/api/user/addresses', headers: bearer(person.token) });
      expect(book.json().coolOffHours).toBe(0);
    } finally {
      await noWait.close();
    }
  });
});
