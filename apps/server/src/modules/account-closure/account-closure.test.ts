import { MESSAGES, type Plan } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  fundUser,
  ledgerHealth,
  newestDepositId,
  requestDeposit,
  saveUsableWithdrawalAddress,
  verify,
} from '../../../test/money.ts';
import {
  ADMIN,
  bearer,
  createMailbox,
  login,
  newUserInput,
  signUpAndLogin,
  type TestApp,
  waitForMail,
  withTestApp,
} from '../../../test/test-app.ts';

const clock = createTestClock();
const mailbox = createMailbox();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), {}, { clock, mailer: mailbox });

const PASSWORD = 'Secret#Pass1';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

function close(token: string, payload: object = { password: PASSWORD }) {
  return t.app.inject({ method: 'POST', url: '/api/user/close', headers: bearer(token), payload });
}

function withdraw(token: string, amount: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/withdraw',
    headers: bearer(token),
    payload: { amount, method: 'btc', address: BTC_ADDRESS },
  });
}

async function accountState(userId: string) {
  const { rows } = await t.pool.query<{
    status: string;
    balance_cents: string;
    pending_withdrawals: string;
    pending_deposits: string;
  }>(
    `select u.status,
      coalesce((select sum(balance_cents) from ledger_accounts where user_id = u.id), 0)::text as balance_cents,
      (select count(*) from withdrawals where user_id = u.id and status = 'pending')::text as pending_withdrawals,
      (select count(*) from deposits where user_id = u.id and status = 'pending')::text as pending_deposits
    from users u where u.id = $1`,
    [userId],
  );
  return rows[0];
}

/** A verified user who may withdraw to a saved address at once. */
async function verifiedWithAddress() {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, adminToken, person.user._id);
  await saveUsableWithdrawalAddress(t, clock, person.token, {
    coin: 'btc',
    address: BTC_ADDRESS,
    password: PASSWORD,
  });
  return person;
}

describe('POST /api/user/close', () => {
  it('refuses while money is on the account or anything waits, saying what, and changes nothing', async () => {
    const funded = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, funded.user._id, 10);

    const depositing = await signUpAndLogin(t.app);
    expect((await requestDeposit(t.app, depositing.token, '80')).statusCode).toBe(200);

    const withdrawing = await verifiedWithAddress();
    await fundUser(t.app, adminToken, withdrawing.user._id, 40);
    expect((await withdraw(withdrawing.token, 40)).statusCode).toBe(201);

    const investing = await signUpAndLogin(t.app);
    await verify(t.app, adminToken, investing.user._id);
    await fundUser(t.app, adminToken, investing.user._id, 100);
    const [plan] = (await t.app.inject({ url: '/api/plans' })).json().data as Plan[];
    const invest = await t.app.inject({
      method: 'POST',
      url: '/api/user/invest',
      headers: bearer(investing.token),
      payload: { planId: plan?._id, amount: 100 },
    });
    expect(invest.statusCode).toBe(201);

    const cases = [
      [funded, MESSAGES.closeAccountHasBalance],
      [depositing, MESSAGES.closeAccountHasPendingDeposit],
      [withdrawing, MESSAGES.closeAccountHasPendingWithdrawal],
      [investing, MESSAGES.closeAccountHasActivePlan],
    ] as const;
    for (const [person, message] of cases) {
      const response = await close(person.token);
      expect(response.statusCode, message).toBe(409);
      expect(response.json().message).toBe(message);
      expect((await accountState(person.user._id))?.status).toBe('active');
      const me = await t.app.inject({
        url: `/api/user/userprofile/${person.user._id}`,
        headers: bearer(person.token),
      });
      expect(me.statusCode).toBe(200);
    }
  });

  it('refuses to close an administrator’s account', async () => {
    const response = await close(adminToken, { password: ADMIN.password });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.closeAccountIsAdmin);
    expect((await t.app.inject({ url: '/api/admin/audit', headers: bearer(adminToken) })).statusCode).toBe(
      200,
    );
  });

  it('asks for the right password before anything', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const missing = await close(token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES.closeAccountPasswordRequired);
    const wrong = await close(token, { password: 'Not#The1Password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.passwordWrong);
    expect((await accountState(user._id))?.status).toBe('active');
  });

  it('closes an empty account: every session ends, it cannot sign in, its e-mail stays taken, and the operator keeps its history', async () => {
    const { token, user, input } = await signUpAndLogin(t.app);
    const other = await login(t.app, input.email, input.password);
    // Money came and went: the history has something for the operator to keep.
    await fundUser(t.app, adminToken, user._id, 25);
    const debit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/creditOrDebit/${user._id}`,
      headers: bearer(adminToken),
      payload: { mode: 'debit', amount: 25, reason: 'refund sent' },
    });
    expect(debit.statusCode).toBe(200);
    expect((await requestDeposit(t.app, token, '60')).statusCode).toBe(200);
    const depositId = await newestDepositId(t.app, adminToken, user._id);
    const decline = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/declineDeposit/${depositId}`,
      headers: bearer(adminToken),
      payload: { reason: 'never arrived' },
    });
    expect(decline.statusCode).toBe(200);

    const response = await close(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.accountClosed });
    const told = await waitForMail(mailbox, input.email, /Your account was closed/);
    expect(told.text).toContain('If you did not close it, write to our support at once.');

    for (const session of [token, other.token]) {
      const me = await t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(session) });
      expect(me.statusCode).toBe(401);
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userNameOrEmail: input.email, password: input.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe(MESSAGES.invalidCredentials);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: newUserInput({ email: input.email.toUpperCase() }),
    });
    // Answered like any sign-up, so it tells nothing; the closed account keeps the address.
    expect(again.statusCode).toBe(201);
    const holders = await t.pool.query('select id from users where lower(email) = lower($1)', [input.email]);
    expect(holders.rows).toEqual([{ id: user._id }]);

    const audit = await t.app.inject({
      url: `/api/admin/audit?action=user.close&targetId=${user._id}`,
      headers: bearer(adminToken),
    });
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        action: 'user.close',
        actorId: user._id,
        targetType: 'user',
        targetId: user._id,
        before: { userName: input.userName, status: 'active' },
        after: { userName: input.userName, status: 'deleted' },
      }),
    ]);
    const transactions = await t.app.inject({
      url: '/api/admin/allTransactions?type=deposit&pageSize=200',
      headers: bearer(adminToken),
    });
    expect(transactions.json().data).toContainEqual(
      expect.objectContaining({
        _id: depositId,
        userId: user._id,
        status: 'rejected',
        reason: 'never arrived',
      }),
    );
    const { rows } = await t.pool.query(
      'select count(*)::int as count from ledger_transfers t join ledger_accounts a on a.id in (t.credit_account_id, t.debit_account_id) where a.user_id = $1',
      [user._id],
    );
    expect(rows[0]?.count).toBe(2);
    const statement = await t.app.inject({
      url: `/api/admin/users/${user._id}/statement.csv`,
      headers: bearer(adminToken),
    });
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="statement-${input.userName}-start-to-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const lines = statement.body.split('\r\n').slice(1, -1);
    expect(lines.map((line) => line.split(',').slice(1, 2).concat(line.split(',').slice(3)))).toEqual([
      ['Credit', '25.00', '25.00', 'test funding', ''],
      ['Debit', '-25.00', '0.00', 'refund sent', ''],
    ]);
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });

  it('never leaves a closed account with a pending withdrawal or a balance, whatever runs at the same time', async () => {
    // How long a closing takes (the password check is most of it): the other requests start at
    // points spread over it, so some reach the server before the closing, some while it holds the
    // account, and some after.
    const probe = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, probe.user._id, 1);
    const startedAt = performance.now();
    expect((await close(probe.token)).statusCode).toBe(409);
    const closingMs = performance.now() - startedAt;
    const later = <T>(ms: number, send: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => setTimeout(() => send().then(resolve, reject), ms));

    const outcomes = new Set<string>();
    // Rounds go on, each starting the others later, until both orders have been seen: a loaded machine
    // can make a closing slower than the probe measured, and the test must still reach the late round.
    for (let round = 0; round <= 8 || (outcomes.size < 2 && round <= 18); round += 1) {
      const delayMs = (closingMs * round) / 6;

      // A withdrawal of the whole balance, requested as the account closes.
      const withdrawing = await verifiedWithAddress();
      await fundUser(t.app, adminToken, withdrawing.user._id, 30);
      const [closing, withdrawal] = await Promise.all([
        close(withdrawing.token),
        later(delayMs, () => withdraw(withdrawing.token, 30)),
      ]);
      expect(closing.statusCode).toBe(409);
      expect([MESSAGES.closeAccountHasBalance, MESSAGES.closeAccountHasPendingWithdrawal]).toContain(
        closing.json().message,
      );
      expect(withdrawal.statusCode).toBe(201);
      expect(await accountState(withdrawing.user._id)).toMatchObject({
        status: 'active',
        pending_withdrawals: '1',
      });

      // An empty account closing as an administrator credits it and its owner asks for a deposit.
      const empty = await signUpAndLogin(t.app);
      const [closed, credit, deposit] = await Promise.all([
        close(empty.token),
        later(delayMs, () =>
          t.app.inject({
            method: 'PUT',
            url: `/api/admin/creditOrDebit/${empty.user._id}`,
            headers: bearer(adminToken),
            payload: { mode: 'credit', amount: 15, reason: 'goodwill' },
          }),
        ),
        later(delayMs, () => requestDeposit(t.app, empty.token, '90')),
      ]);
      const state = await accountState(empty.user._id);
      if (closed.statusCode === 200) {
        outcomes.add('closed');
        expect(state).toMatchObject({ status: 'deleted', balance_cents: '0', pending_deposits: '0' });
        expect(credit.statusCode).toBe(404);
        expect(credit.json().message).toBe(MESSAGES.userNotFound);
        // Signed out by the closing, or caught at the account's lock while it closed.
        expect([401, 404]).toContain(deposit.statusCode);
      } else {
        outcomes.add('refused');
        expect(closed.statusCode).toBe(409);
        expect(state?.status).toBe('active');
        expect(credit.statusCode === 200 || deposit.statusCode === 200).toBe(true);
      }
    }
    expect([...outcomes].sort()).toEqual(['closed', 'refused']);
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  }, 60_000);
});
