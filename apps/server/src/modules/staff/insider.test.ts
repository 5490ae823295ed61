import { MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  balanceOf,
  multipart,
  newestDepositId,
  requestDeposit,
  saveUsableWithdrawalAddress,
  verify,
} from '../../../test/money.ts';
import {
  ADMIN,
  bearer,
  createTestApp,
  grantStaffRoles,
  login,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';

/**
 * The three insider attacks of issue 26, as a rogue administrator A (the seeded owner) would try
 * them with a second owner B on the platform: each must now wait for B.
 */

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const NEW_GATEWAY = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

const clock = createTestClock();
let t: TestApp;
let a: { token: string; id: string };
let b: { token: string; id: string };

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const admin = await login(t.app, ADMIN.email, ADMIN.password);
  a = { token: admin.token, id: admin.user._id };
  b = await newStaff(['owner']);
});
afterAll(async () => {
  await t.close();
});

/** A verified account holding `roles` since long ago, signed in again so its session is fresh. */
async function newStaff(roles: Parameters<typeof grantStaffRoles>[2], grantedAt?: Date) {
  const person = await signUpAndLogin(t.app);
  await t.pool.query('update users set is_verified = true where id = $1', [person.user._id]);
  await grantStaffRoles(t.app, person.input.userName, roles, grantedAt ? { grantedAt } : {});
  const session = await login(t.app, person.input.userName, person.input.password);
  return { token: session.token, id: person.user._id, input: person.input };
}

function call(token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function pendingChanges(token: string) {
  const response = await call(token, 'GET', '/api/admin/pendingChanges');
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    _id: string;
    kind: string;
    subject: string;
    requiredApprovals: number;
    refusal: string | null;
  }[];
}

async function changeAbout(kind: string, subject: string) {
  const change = (await pendingChanges(b.token)).find((row) => row.kind === kind && row.subject === subject);
  expect(change, `a pending ${kind} change about ${subject}`).toBeDefined();
  return change as NonNullable<typeof change>;
}

async function isSuspended(id: string): Promise<boolean> {
  const { rows } = await t.pool.query('select suspended from users where id = $1', [id]);
  return rows[0].suspended;
}

async function rolesOf(id: string): Promise<string[]> {
  const { rows } = await t.pool.query('select role from staff_roles where user_id = $1 order by role', [id]);
  return rows.map((row) => row.role);
}

function postWay(token: string, address: string) {
  const { payload, headers } = multipart({ add: address, type: 'btc' });
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/postWay',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

async function servedBitcoinAddresses(): Promise<string[]> {
  const { rows } = await t.pool.query(
    "select address from gateways where coin = 'btc' and deleted_at is null",
  );
  return rows.map((row) => row.address);
}

async function withdrawFrom(person: { token: string }, amount: number) {
  const response = await call(person.token, 'POST', '/api/user/withdraw', {
    amount,
    method: 'btc',
    address: BTC_ADDRESS,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { _id: string; requiredApprovals: number };
}

/** A depositor with `amount` available, credited by B and approved by C, as a quorum would. */
async function fundedDepositor(amount: number) {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, a.token, person.user._id);
  const credited = await call(a.token, 'PUT', `/api/admin/creditOrDebit/${person.user._id}`, {
    mode: 'credit',
    amount,
    reason: 'opening balance',
  });
  expect(credited.json().message).toBe(MESSAGES.creditPending);
  const change = await changeAbout('ledger.credit', person.user._id);
  expect((await call(b.token, 'PUT', `/api/admin/pendingChanges/${change._id}/approve`)).statusCode).toBe(
    200,
  );
  await saveUsableWithdrawalAddress(t, clock, person.token, {
    coin: 'btc',
    address: BTC_ADDRESS,
    password: person.input.password,
  });
  return { token: person.token, id: person.user._id };
}

describe('attack 1: the second approver switched off', () => {
  it('suspending, demoting or deleting the other owner waits for that owner; the gateway change still waits', async () => {
    const suspended = await call(a.token, 'PUT', `/api/admin/suspendUser/${b.id}`);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().message).toBe(MESSAGES.staffChangePending);
    expect(await isSuspended(b.id)).toBe(false);

    const demoted = await call(a.token, 'PUT', `/api/admin/users/${b.id}/role`, {
      isAdmin: false,
      password: ADMIN.password,
    });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().message).toBe(MESSAGES.staffChangePending);
    expect(await rolesOf(b.id)).toEqual(['owner']);

    const deleted = await call(a.token, 'DELETE', `/api/admin/deleteOneUser/${b.id}`);
    expect(deleted.json().message).toBe(MESSAGES.staffChangePending);
    const { rows } = await t.pool.query('select status from users where id = $1', [b.id]);
    expect(rows[0].status).toBe('active');

    const proposed = await postWay(a.token, NEW_GATEWAY);
    expect(proposed.statusCode).toBe(201);
    expect(proposed.json().message).toBe(MESSAGES.gatewayChangePending);
    expect(await servedBitcoinAddresses()).not.toContain(NEW_GATEWAY);

    // A cannot approve any of it: each change names B as its only approver.
    for (const change of await pendingChanges(a.token)) {
      expect(change.refusal).toBe(MESSAGES.adminChangeOwn);
      const own = await call(a.token, 'PUT', `/api/admin/pendingChanges/${change._id}/approve`);
      expect(own.statusCode).toBe(403);
    }
    expect(await isSuspended(b.id)).toBe(false);
    expect(await servedBitcoinAddresses()).not.toContain(NEW_GATEWAY);

    // B turns the attempts down.
    for (const change of await pendingChanges(b.token)) {
      expect((await call(b.token, 'PUT', `/api/admin/pendingChanges/${change._id}/reject`)).statusCode).toBe(
        200,
      );
    }
  });
});

describe('attack 2: a puppet second approver', () => {
  it('granting a role waits for the other owner', async () => {
    const puppet = await signUpAndLogin(t.app);
    await verify(t.app, a.token, puppet.user._id);
    const granted = await call(a.token, 'PUT', `/api/admin/users/${puppet.user._id}/role`, {
      isAdmin: true,
      password: ADMIN.password,
    });
    expect(granted.json().message).toBe(MESSAGES.staffChangePending);
    expect(await rolesOf(puppet.user._id)).toEqual([]);
    const change = await changeAbout('staff.roles', puppet.user._id);
    await call(b.token, 'PUT', `/api/admin/pendingChanges/${change._id}/reject`);
  });

  it('a puppet granted a role (here as if the grant had gone through) cannot approve within the delay, nor anything older than the grant', async () => {
    const older = await postWay(a.token, NEW_GATEWAY);
    expect(older.json().message).toBe(MESSAGES.gatewayChangePending);
    const olderId = older.json().data._id as string;

    const puppet = await newStaff(['owner'], new Date());
    const tooOld = await call(puppet.token, 'PUT', `/api/admin/pendingChanges/${olderId}/approve`);
    expect(tooOld.statusCode).toBe(403);
    expect(tooOld.json().message).toBe(MESSAGES.approverGrantedAfterProposal);

    // A change proposed after the grant: within the delay the puppet cannot approve it either.
    const newer = await call(a.token, 'PUT', `/api/admin/approvalPolicy`, { kind: 'credit', quorum: 2 });
    expect(newer.json().message).toBe(MESSAGES.policyChangePending);
    const newerChange = await changeAbout('policy.quorum', 'credit');
    const tooNew = await call(puppet.token, 'PUT', `/api/admin/pendingChanges/${newerChange._id}/approve`);
    expect(tooNew.statusCode).toBe(403);
    expect(tooNew.json().message).toMatch(/^New staff cannot approve anything yet: you can approve from /);

    expect(await servedBitcoinAddresses()).not.toContain(NEW_GATEWAY);
    for (const id of [olderId, newerChange._id])
      await call(b.token, 'PUT', `/api/admin/pendingChanges/${id}/reject`);
  });

  it('a puppet cannot give a large withdrawal its second approval', async () => {
    const depositor = await fundedDepositor(15_000);
    const withdrawal = await withdrawFrom(depositor, 15_000);
    expect(withdrawal.requiredApprovals).toBe(2);
    const first = await call(a.token, 'PUT', `/api/admin/approveWithdrawal/${withdrawal._id}`, {
      txHash: 'x',
    });
    expect(first.json().message).toBe(MESSAGES.withdrawalFirstApproval);
    const puppet = await newStaff(['finance'], new Date());
    const second = await call(puppet.token, 'PUT', `/api/admin/approveWithdrawal/${withdrawal._id}`, {
      txHash: 'x',
    });
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe(MESSAGES.approverGrantedAfterProposal);
    const { rows } = await t.pool.query('select status from withdrawals where id = $1', [withdrawal._id]);
    expect(rows[0].status).toBe('pending');
    expect(
      (await call(b.token, 'PUT', `/api/admin/declineWithdrawal/${withdrawal._id}`, {})).statusCode,
    ).toBe(200);
  });
});

describe('attack 3: minting and splitting', () => {
  it('a credit above the approval amount waits for a second approver; the balance moves only then', async () => {
    const accomplice = await signUpAndLogin(t.app);
    const minted = await call(a.token, 'PUT', `/api/admin/creditOrDebit/${accomplice.user._id}`, {
      mode: 'credit',
      amount: 49_999.95,
    });
    expect(minted.statusCode).toBe(200);
    expect(minted.json().message).toBe(MESSAGES.creditPending);
    expect(await balanceOf(t.app, accomplice.token, accomplice.user._id)).toBe(0);
    const change = await changeAbout('ledger.credit', accomplice.user._id);
    expect(change.requiredApprovals).toBe(1);
    expect((await call(a.token, 'PUT', `/api/admin/pendingChanges/${change._id}/approve`)).statusCode).toBe(
      403,
    );
    expect(await balanceOf(t.app, accomplice.token, accomplice.user._id)).toBe(0);

    const approved = await call(b.token, 'PUT', `/api/admin/pendingChanges/${change._id}/approve`);
    expect(approved.json().message).toBe(MESSAGES.adminChangeApproved);
    expect(await balanceOf(t.app, accomplice.token, accomplice.user._id)).toBe(49_999.95);

    // At or below the approval amount a credit stays a one-person act.
    const small = await call(a.token, 'PUT', `/api/admin/creditOrDebit/${accomplice.user._id}`, {
      mode: 'credit',
      amount: 1_000,
    });
    expect(small.json().message).toBe(MESSAGES.accountCredited);
  });

  it('five withdrawals of $9,999.99 in a day: from the one that crosses the threshold, each needs a second approver', async () => {
    const depositor = await fundedDepositor(49_999.95);
    const requested = [];
    for (let index = 0; index < 5; index += 1) requested.push(await withdrawFrom(depositor, 9_999.99));
    expect(requested.map((withdrawal) => withdrawal.requiredApprovals)).toEqual([1, 2, 2, 2, 2]);

    const alone = await call(a.token, 'PUT', `/api/admin/approveWithdrawal/${requested[0]?._id}`, {
      txHash: 'x',
    });
    expect(alone.json().message).toBe(MESSAGES.withdrawalApproved);
    for (const withdrawal of requested.slice(1)) {
      const first = await call(a.token, 'PUT', `/api/admin/approveWithdrawal/${withdrawal._id}`, {
        txHash: 'x',
      });
      expect(first.json().message).toBe(MESSAGES.withdrawalFirstApproval);
    }
    const { rows } = await t.pool.query(
      "select count(*)::int as paid from withdrawals where user_id = $1 and status = 'approved'",
      [depositor.id],
    );
    expect(rows[0].paid).toBe(1);
    const second = await call(b.token, 'PUT', `/api/admin/approveWithdrawal/${requested[1]?._id}`, {
      txHash: 'x',
    });
    expect(second.json().message).toBe(MESSAGES.withdrawalApproved);
  });
});

describe('minting through a deposit claim', () => {
  it('a deposit above the approval amount approved by one staff member waits for another; declining it drops the approval', async () => {
    const added = await postWay(a.token, BTC_ADDRESS);
    const change = await changeAbout('gateway.address', 'btc');
    expect(added.json().message).toBe(MESSAGES.gatewayChangePending);
    await call(b.token, 'PUT', `/api/admin/pendingChanges/${change._id}/approve`);

    const depositor = await signUpAndLogin(t.app);
    expect((await requestDeposit(t.app, depositor.token, '5000', 'btc')).statusCode).toBe(200);
    const depositId = await newestDepositId(t.app, a.token, depositor.user._id);
    const first = await call(a.token, 'PUT', `/api/admin/approveDeposit/${depositId}`);
    expect(first.json().message).toBe(MESSAGES.depositFirstApproval);
    expect(await balanceOf(t.app, depositor.token, depositor.user._id)).toBe(0);
    const again = await call(a.token, 'PUT', `/api/admin/approveDeposit/${depositId}`);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(MESSAGES.adminChangeOwn);
    const second = await call(b.token, 'PUT', `/api/admin/approveDeposit/${depositId}`);
    expect(second.json().message).toBe(MESSAGES.depositApproved);
    expect(await balanceOf(t.app, depositor.token, depositor.user._id)).toBe(5000);

    expect((await requestDeposit(t.app, depositor.token, '7000', 'btc')).statusCode).toBe(200);
    const claimId = await newestDepositId(t.app, a.token, depositor.user._id);
    await call(a.token, 'PUT', `/api/admin/approveDeposit/${claimId}`);
    const declined = await call(b.token, 'PUT', `/api/admin/declineDeposit/${claimId}`, {
      reason: 'No such payment',
    });
    expect(declined.statusCode).toBe(200);
    expect((await pendingChanges(b.token)).some((row) => row.subject === claimId)).toBe(false);
    expect(await balanceOf(t.app, depositor.token, depositor.user._id)).toBe(5000);
  });
});

describe('quorum mechanics', () => {
  it('two eligible approvers approving at once apply the change exactly once', async () => {
    const c = await newStaff(['finance']);
    const person = await signUpAndLogin(t.app);
    await call(a.token, 'PUT', `/api/admin/creditOrDebit/${person.user._id}`, {
      mode: 'credit',
      amount: 5_000,
    });
    const change = await changeAbout('ledger.credit', person.user._id);
    const answers = await Promise.all([
      call(b.token, 'PUT', `/api/admin/pendingChanges/${change._id}/approve`),
      call(c.token, 'PUT', `/api/admin/pendingChanges/${change._id}/approve`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(5_000);
  });

  it('an approval on a stale confirmation is refused with the message and applies nothing, until the password is given again', async () => {
    const person = await signUpAndLogin(t.app);
    await call(a.token, 'PUT', `/api/admin/creditOrDebit/${person.user._id}`, {
      mode: 'credit',
      amount: 2_000,
    });
    const change = await changeAbout('ledger.credit', person.user._id);
    await t.pool.query(
      "update sessions set reauthenticated_at = now() - interval '6 minutes' where user_id = $1",
      [b.id],
    );
    const stale = await call(b.token, 'PUT', `/api/admin/pendingChanges/${change._id}/approve`);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ message: MESSAGES.staffReauthNeeded, reauthRequired: true });
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(0);

    const wrong = await call(b.token, 'POST', '/api/admin/reauthenticate', { password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await call(b.token, 'POST', '/api/admin/reauthenticate', { password: 'Secret#Pass1' });
    expect(confirmed.statusCode).toBe(200);
    expect((await call(b.token, 'PUT', `/api/admin/pendingChanges/${change._id}/approve`)).statusCode).toBe(
      200,
    );
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(2_000);
  });

  it('a platform with one eligible person acts at once, as a single approver, and says so', async () => {
    const staff = await call(a.token, 'GET', '/api/admin/staff');
    expect(staff.statusCode).toBe(200);
    const policy = staff.json().policy as { kind: string; quorum: number; eligible: number }[];
    expect(policy.find((rule) => rule.kind === 'credit')).toMatchObject({ quorum: 2 });
    expect(policy.find((rule) => rule.kind === 'destination')?.eligible).toBeGreaterThanOrEqual(2);
  });
});

describe('two processes on one database', () => {
  it('the quorum holds across them: approvals arriving on both apply a change once', async () => {
    const other = await createTestApp({}, { sharedWith: t });
    try {
      const c = await newStaff(['owner']);
      const person = await signUpAndLogin(t.app);
      await call(a.token, 'PUT', `/api/admin/creditOrDebit/${person.user._id}`, {
        mode: 'credit',
        amount: 3_000,
      });
      const change = await changeAbout('ledger.credit', person.user._id);
      const url = `/api/admin/pendingChanges/${change._id}/approve`;
      expect((await other.app.inject({ method: 'PUT', url, headers: bearer(a.token) })).statusCode).toBe(403);
      const answers = await Promise.all([
        t.app.inject({ method: 'PUT', url, headers: bearer(b.token) }),
        other.app.inject({ method: 'PUT', url, headers: bearer(c.token) }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await balanceOf(t.app, person.token, person.user._id)).toBe(3_000);
    } finally {
      await other.close();
    }
  });
});
