import { MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  balanceOf,
  fundUser,
  ledgerHealth,
  saveUsableWithdrawalAddress,
  verify,
} from '../../../test/money.ts';
import {
  ADMIN,
  bearer,
  createMailbox,
  createTestApp,
  grantStaffRoles,
  login,
  signUpAndLogin,
  type TestApp,
  waitForMail,
} from '../../../test/test-app.ts';
import { loadConfig } from '../../config/env.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const clock = createTestClock();
const mailbox = createMailbox();
let t: TestApp;
let first: { token: string; id: string };
beforeAll(async () => {
  const config = loadConfig({});
  // Funding the depositors is not what this file tests: their credits apply at once.
  t = await createTestApp(
    { staffApproval: { ...config.staffApproval, creditCents: 10n ** 15n } },
    { clock, mailer: mailbox },
  );
  const admin = await login(t.app, ADMIN.email, ADMIN.password);
  first = { token: admin.token, id: admin.user._id };
});
afterAll(async () => {
  await t.close();
});

function setRole(token: string, id: string, payload: object) {
  return t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}/role`, headers: bearer(token), payload });
}

/** A verified account that has been an owner for long past the delay on new staff. */
async function newAdministrator() {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, first.token, person.user._id);
  await grantStaffRoles(t.app, person.input.userName, ['owner']);
  return { token: person.token, id: person.user._id, fullName: person.user.fullName, input: person.input };
}

async function pendingWithdrawalOf(amount: number) {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, first.token, person.user._id);
  await fundUser(t.app, first.token, person.user._id, amount);
  await saveUsableWithdrawalAddress(t, clock, person.token, {
    coin: 'btc',
    address: BTC_ADDRESS,
    password: person.input.password,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/withdraw',
    headers: bearer(person.token),
    payload: { amount, method: 'btc', address: BTC_ADDRESS },
  });
  expect(response.statusCode).toBe(201);
  return { person, id: response.json().data._id as string };
}

function approve(token: string, id: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/approveWithdrawal/${id}`,
    headers: bearer(token),
    payload: { txHash: 'payout-hash' },
  });
}

async function adminRow(id: string) {
  const list = await t.app.inject({
    url: '/api/admin/withdrawals?status=pending',
    headers: bearer(first.token),
  });
  const all = await t.app.inject({
    url: '/api/admin/withdrawals?pageSize=200',
    headers: bearer(first.token),
  });
  return {
    administratorCount: list.json().administratorCount as number,
    row: all.json().data.find((candidate: { _id: string }) => candidate._id === id),
  };
}

async function totalWithdrawn(person: { token: string; user: { _id: string } }) {
  const profile = await t.app.inject({
    url: `/api/user/userprofile/${person.user._id}`,
    headers: bearer(person.token),
  });
  return profile.json().data.totalWithdrawn as number;
}

describe('the administrator role', () => {
  it('keeps the last owner, and needs the password and a verified account', async () => {
    const self = await setRole(first.token, first.id, { isAdmin: false, password: ADMIN.password });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(MESSAGES.lastOwner);

    const unverified = await signUpAndLogin(t.app);
    const refused = await setRole(first.token, unverified.user._id, {
      isAdmin: true,
      password: ADMIN.password,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.administratorRoleNeedsVerified);
    await verify(t.app, first.token, unverified.user._id);
    const wrong = await setRole(first.token, unverified.user._id, { isAdmin: true, password: 'Wrong#Pass9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.passwordWrong);
    const missing = await setRole(first.token, unverified.user._id, { isAdmin: true });
    expect(missing.json().message).toBe(MESSAGES.administratorRoleNeedsPassword);
    const byUser = await setRole(unverified.token, unverified.user._id, { isAdmin: true, password: 'x' });
    expect(byUser.statusCode).toBe(403);
    const consoleAnswer = await t.app.inject({
      url: '/api/admin/withdrawals',
      headers: bearer(unverified.token),
    });
    expect(consoleAnswer.statusCode).toBe(403);
  });

  it('grants the role at once while there is one owner; revoking it then waits for another owner, audited and e-mailed', async () => {
    const person = await signUpAndLogin(t.app);
    await verify(t.app, first.token, person.user._id);
    const granted = await setRole(first.token, person.user._id, { isAdmin: true, password: ADMIN.password });
    expect(granted.json()).toMatchObject({
      message: MESSAGES.administratorRoleGranted,
      data: { isAdmin: true },
    });
    await waitForMail(mailbox, person.input.email, /Your staff roles changed/);
    expect(
      (await t.app.inject({ url: '/api/admin/withdrawals', headers: bearer(person.token) })).statusCode,
    ).toBe(200);

    const revoked = await setRole(first.token, person.user._id, { isAdmin: false, password: ADMIN.password });
    expect(revoked.json()).toMatchObject({ message: MESSAGES.staffChangePending, data: { isAdmin: true } });
    const approver = await newAdministrator();
    const pending = await t.app.inject({ url: '/api/admin/pendingChanges', headers: bearer(approver.token) });
    const change = pending
      .json()
      .data.find(
        (row: { kind: string; subject: string }) =>
          row.kind === 'staff.roles' && row.subject === person.user._id,
      );
    // Who may approve was fixed when the revocation was proposed: an owner added since may not; the
    // staff member it is about, an owner then, may, but only once past the delay on new staff.
    expect(change.refusal).toBe(MESSAGES.approverNotEligible);
    const ownConsent = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/pendingChanges/${change._id}/approve`,
      headers: bearer(person.token),
    });
    expect(ownConsent.statusCode).toBe(403);
    expect(ownConsent.json().message).toMatch(/^New staff cannot approve anything yet/);
    const audit = await t.app.inject({ url: '/api/admin/audit?pageSize=200', headers: bearer(first.token) });
    const roleChanges = audit
      .json()
      .data.filter(
        (entry: { action: string; targetId: string }) =>
          entry.action === 'staff.roles' && entry.targetId === person.user._id,
      );
    expect(roleChanges).toHaveLength(1);
  });

  it('two owners removing each other at the same moment both wait, and neither is applied', async () => {
    const a = await newAdministrator();
    const b = await newAdministrator();
    const [aRemovesB, bRemovesA] = await Promise.all([
      setRole(a.token, b.id, { isAdmin: false, password: a.input.password }),
      setRole(b.token, a.id, { isAdmin: false, password: b.input.password }),
    ]);
    expect([aRemovesB.json().message, bRemovesA.json().message]).toEqual([
      MESSAGES.staffChangePending,
      MESSAGES.staffChangePending,
    ]);
    const { rows } = await t.pool.query(
      "select count(*)::int as owners from staff_roles where role = 'owner' and user_id = any($1)",
      [[a.id, b.id]],
    );
    expect(rows[0].owners).toBe(2);
  });
});

describe('four eyes on large withdrawals', () => {
  it('says why a large withdrawal waits with one approval, ignores the same administrator twice, and pays on a second', async () => {
    const second = await newAdministrator();
    const { person, id } = await pendingWithdrawalOf(12_000);

    const firstApproval = await approve(first.token, id);
    expect(firstApproval.statusCode).toBe(200);
    expect(firstApproval.json().message).toBe(MESSAGES.withdrawalFirstApproval);
    const again = await approve(first.token, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.withdrawalApprovedAlreadyByYou);
    const waiting = await adminRow(id);
    expect(waiting.row).toMatchObject({ status: 'pending', needsTwoApprovals: true });
    expect(waiting.row.approvals).toHaveLength(1);
    expect(waiting.row.approvals[0].adminName).toBe('Site Administrator');
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(0);
    expect(await totalWithdrawn(person)).toBe(0);

    const secondApproval = await approve(second.token, id);
    expect(secondApproval.statusCode).toBe(200);
    expect(secondApproval.json().message).toBe(MESSAGES.withdrawalApproved);
    const paid = await adminRow(id);
    expect(paid.row).toMatchObject({ status: 'approved', payoutTxHash: 'payout-hash' });
    expect(paid.row.approvals).toHaveLength(2);
    expect(await totalWithdrawn(person)).toBe(12_000);
    expect((await ledgerHealth(t.app, first.token)).isHealthy).toBe(true);
  });

  it('pays once when two more administrators give the second approval at the same moment', async () => {
    const second = await newAdministrator();
    const third = await newAdministrator();
    const { person, id } = await pendingWithdrawalOf(10_000);
    expect((await approve(first.token, id)).json().message).toBe(MESSAGES.withdrawalFirstApproval);
    const answers = await Promise.all([approve(second.token, id), approve(third.token, id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      MESSAGES.alreadyProcessed,
    );
    expect(await totalWithdrawn(person)).toBe(10_000);
    expect((await ledgerHealth(t.app, first.token)).isHealthy).toBe(true);
  });

  it('pays once when two administrators approve at the same moment from the start', async () => {
    const second = await newAdministrator();
    const { person, id } = await pendingWithdrawalOf(15_000);
    const answers = await Promise.all([approve(first.token, id), approve(second.token, id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().message).sort()).toEqual(
      [MESSAGES.withdrawalApproved, MESSAGES.withdrawalFirstApproval].sort(),
    );
    expect(await totalWithdrawn(person)).toBe(15_000);
    expect((await ledgerHealth(t.app, first.token)).isHealthy).toBe(true);
  });

  it('pays a withdrawal below the amount on one approval', async () => {
    const { person, id } = await pendingWithdrawalOf(9_999.99);
    const response = await approve(first.token, id);
    expect(response.json().message).toBe(MESSAGES.withdrawalApproved);
    expect((await adminRow(id)).row).toMatchObject({ status: 'approved', needsTwoApprovals: false });
    expect(await totalWithdrawn(person)).toBe(9_999.99);
  });
});
