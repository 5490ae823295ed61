import { randomBytes, randomUUID } from 'node:crypto';
import {
  MESSAGES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PAYLOAD_SCHEMAS,
  type WebhookEventType,
  type WebhookPayload,
} from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  fundUser,
  multipart,
  newestDepositId,
  requestDeposit,
  saveUsableWithdrawalAddress,
  TINY_PNG,
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
import { loadConfig } from '../../config/env.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { emitWebhookEvent } from './webhook-outbox.ts';

/**
 * Every event of issue 32, caused through the API: exactly one outbox row per change, with the data
 * its schema describes, one delivery per enabled endpoint subscribed to its type, none for the
 * others, and nothing at all when the change does not commit. The chain's deposit events are in
 * chain/ethereum-watcher.test.ts, with a node.
 */

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const MONEY_EVENTS = WEBHOOK_EVENT_TYPES.filter(
  (type) => type.startsWith('deposit.') || type.startsWith('withdrawal.'),
);

const clock = createTestClock();
let t: TestApp;
let admin: { token: string; id: string };
/** A second owner: staff changes and large withdrawals wait for them. */
let second: { token: string; id: string };
/** Subscribed to every event, to the money events only, and to everything but disabled. */
let everything: string;
let money: string;

async function addEndpoint(eventTypes: readonly string[], isEnabled = true): Promise<string> {
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into webhook_endpoints (url, event_types, secret, is_enabled)
     values ($1, $2, $3, $4) returning id`,
    [
      `https://hooks.invalid/${randomBytes(4).toString('hex')}`,
      eventTypes,
      `whsec_${randomBytes(24).toString('base64')}`,
      isEnabled,
    ],
  );
  return rows[0]?.id ?? '';
}

beforeAll(async () => {
  const defaults = loadConfig({});
  // Funding accounts is not what this file tests: credits apply at once, whoever else is staff.
  t = await createTestApp(
    { staffApproval: { ...defaults.staffApproval, creditCents: 10n ** 15n } },
    { clock },
  );
  const session = await login(t.app, ADMIN.email, ADMIN.password);
  admin = { token: session.token, id: session.user._id };
  second = await staffMember(['owner']);
  everything = await addEndpoint(WEBHOOK_EVENT_TYPES);
  money = await addEndpoint(MONEY_EVENTS);
  await addEndpoint(WEBHOOK_EVENT_TYPES, false);
});
afterAll(async () => {
  await t?.close();
});

async function staffMember(roles: Parameters<typeof grantStaffRoles>[2]) {
  const person = await signUpAndLogin(t.app);
  await t.pool.query('update users set is_verified = true where id = $1', [person.user._id]);
  await grantStaffRoles(t.app, person.input.userName, roles);
  const session = await login(t.app, person.input.userName, person.input.password);
  return { token: session.token, id: person.user._id };
}

function call(token: string, method: 'PUT' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** The events of `type` whose data holds `match`, each with the endpoints it is to be delivered to. */
async function eventsOf(type: WebhookEventType, match: Record<string, unknown>) {
  const { rows } = await t.pool.query<{ payload: unknown; endpoint_ids: string[] }>(
    `select e.payload,
            coalesce(array_agg(d.endpoint_id::text order by d.endpoint_id) filter (where d.id is not null), '{}')
              as endpoint_ids
       from webhook_events e left join webhook_deliveries d on d.event_id = e.id
      where e.type = $1 and e.payload @> $2::jsonb
      group by e.id`,
    [type, JSON.stringify(match)],
  );
  return rows;
}

/** The one event of `type` about `match`, parsed with its schema; delivered to `endpoints` only. */
async function theEvent<Type extends WebhookEventType>(
  type: Type,
  match: Record<string, unknown>,
  endpoints: string[],
): Promise<WebhookPayload<Type>> {
  const rows = await eventsOf(type, match);
  expect(rows, `${type} ${JSON.stringify(match)}`).toHaveLength(1);
  const [row] = rows;
  expect(row?.endpoint_ids).toEqual([...endpoints].sort());
  return WEBHOOK_PAYLOAD_SCHEMAS[type].parse(row?.payload) as WebhookPayload<Type>;
}

async function verifiedUserWith(amount: number) {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, admin.token, person.user._id);
  if (amount > 0) await fundUser(t.app, admin.token, person.user._id, amount);
  await saveUsableWithdrawalAddress(t, clock, person.token, {
    coin: 'btc',
    address: BTC_ADDRESS,
    password: person.input.password,
  });
  return person;
}

async function withdraw(token: string, amount: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/withdraw',
    headers: bearer(token),
    payload: { amount, method: 'btc', address: BTC_ADDRESS },
  });
}

describe('user events', () => {
  it('user.registered on sign-up, with the names and address operators key on', async () => {
    const person = await signUpAndLogin(t.app);
    expect(await theEvent('user.registered', { userId: person.user._id }, [everything])).toEqual({
      userId: person.user._id,
      userName: person.input.userName,
      fullName: person.input.fullName,
      email: person.input.email,
      verificationLevel: 'none',
      isSuspended: false,
    });
  });

  it('user.verified once at basic on "Verify User", and at full when identity documents are approved', async () => {
    const person = await signUpAndLogin(t.app);
    await verify(t.app, admin.token, person.user._id);
    await verify(t.app, admin.token, person.user._id);
    expect(await theEvent('user.verified', { userId: person.user._id }, [everything])).toMatchObject({
      verificationLevel: 'basic',
      email: person.input.email,
    });

    const images: Record<string, string> = {};
    for (const side of ['front', 'selfie']) {
      const { payload, headers } = multipart(
        { side },
        {
          field: 'image',
          name: 'photo.png',
          type: 'image/png',
          content: Buffer.concat([TINY_PNG, randomBytes(4096)]),
        },
      );
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/api/user/verification/images',
        payload,
        headers: { ...headers, ...bearer(person.token) },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      images[side] = uploaded.json().data.id;
    }
    const submitted = await call(person.token, 'POST', '/api/user/verification', {
      legalName: 'Ada King Lovelace',
      dateOfBirth: '1990-12-10',
      country: 'GB',
      address: '12 St James Square, London',
      documentType: 'passport',
      frontImageId: images.front,
      selfieImageId: images.selfie,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const approved = await call(
      admin.token,
      'POST',
      `/api/admin/verifications/${submitted.json().data.submission.id}/approve`,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await theEvent('user.verified', { userId: person.user._id, verificationLevel: 'full' }, [everything]);
    expect(await eventsOf('user.verified', { userId: person.user._id })).toHaveLength(2);
  });

  it('user.suspended when it takes effect: at once for a user, for staff once the quorum approved it', async () => {
    const person = await signUpAndLogin(t.app);
    const suspended = await call(admin.token, 'PUT', `/api/admin/suspendUser/${person.user._id}`);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await theEvent('user.suspended', { userId: person.user._id }, [everything])).toMatchObject({
      isSuspended: true,
    });

    const staff = await staffMember(['finance']);
    const proposed = await call(admin.token, 'PUT', `/api/admin/suspendUser/${staff.id}`);
    expect(proposed.json().message).toBe(MESSAGES.staffChangePending);
    expect(await eventsOf('user.suspended', { userId: staff.id })).toEqual([]);
    const pending = await theEvent(
      'approval.pending',
      { kind: 'staff.suspension', summary: `Staff suspension: ${staff.id}` },
      [everything],
    );
    expect(pending).toEqual({
      approvalId: pending.approvalId,
      kind: 'staff.suspension',
      summary: `Staff suspension: ${staff.id}`,
      proposedBy: admin.id,
      requiredApprovals: 1,
    });

    const applied = await call(
      second.token,
      'PUT',
      `/api/admin/pendingChanges/${pending.approvalId}/approve`,
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await theEvent('user.suspended', { userId: staff.id }, [everything])).toMatchObject({
      isSuspended: true,
    });
  });
});

describe('deposit events', () => {
  it('deposit.credited once when administrators approve a deposit at the same moment', async () => {
    const person = await signUpAndLogin(t.app);
    expect((await requestDeposit(t.app, person.token, '250')).statusCode).toBe(200);
    const id = await newestDepositId(t.app, admin.token, person.user._id);
    const answers = await Promise.all(
      [admin.token, second.token].map((token) => call(token, 'PUT', `/api/admin/approveDeposit/${id}`)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const data = await theEvent('deposit.credited', { depositId: id }, [everything, money]);
    expect(data).toEqual({
      depositId: id,
      userId: person.user._id,
      method: 'btc',
      amount: 250,
      status: 'approved',
      txHash: null,
      reason: null,
      createdAt: data.createdAt,
    });
    expect(await eventsOf('deposit.declined', { depositId: id })).toEqual([]);
  });

  it('deposit.declined with the reason', async () => {
    const person = await signUpAndLogin(t.app);
    await requestDeposit(t.app, person.token, '80', 'eth');
    const id = await newestDepositId(t.app, admin.token, person.user._id);
    const declined = await call(admin.token, 'PUT', `/api/admin/declineDeposit/${id}`, {
      reason: 'No payment arrived',
    });
    expect(declined.statusCode).toBe(200);
    expect(await theEvent('deposit.declined', { depositId: id }, [everything, money])).toMatchObject({
      method: 'eth',
      amount: 80,
      status: 'rejected',
      reason: 'No payment arrived',
    });
    expect(await eventsOf('deposit.credited', { depositId: id })).toEqual([]);
  });
});

describe('withdrawal events', () => {
  it('withdrawal.requested, then approved and paid on staff word, once however many approve at once', async () => {
    const person = await verifiedUserWith(500);
    const requested = await withdraw(person.token, 200);
    expect(requested.statusCode).toBe(201);
    const id = requested.json().data._id as string;
    const data = await theEvent('withdrawal.requested', { withdrawalId: id }, [everything, money]);
    expect(data).toEqual({
      withdrawalId: id,
      userId: person.user._id,
      method: 'btc',
      amount: 200,
      address: BTC_ADDRESS,
      status: 'pending',
      payoutTxHash: null,
      reason: null,
      createdAt: data.createdAt,
    });

    const answers = await Promise.all(
      [admin.token, second.token].map((token) =>
        call(token, 'PUT', `/api/admin/approveWithdrawal/${id}`, { txHash: 'payout-reference-1' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    for (const type of ['withdrawal.approved', 'withdrawal.paid'] as const) {
      expect(await theEvent(type, { withdrawalId: id }, [everything, money])).toMatchObject({
        status: 'approved',
        payoutTxHash: 'payout-reference-1',
      });
    }
    expect(await eventsOf('approval.pending', { approvalId: id })).toEqual([]);
  });

  it('withdrawal.declined with the reason', async () => {
    const person = await verifiedUserWith(300);
    const id = (await withdraw(person.token, 120)).json().data._id as string;
    const declined = await call(admin.token, 'PUT', `/api/admin/declineWithdrawal/${id}`, {
      reason: 'Address on a sanctions list',
    });
    expect(declined.statusCode).toBe(200);
    expect(await theEvent('withdrawal.declined', { withdrawalId: id }, [everything, money])).toMatchObject({
      amount: 120,
      status: 'rejected',
      reason: 'Address on a sanctions list',
    });
    expect(await eventsOf('withdrawal.approved', { withdrawalId: id })).toEqual([]);
  });

  it('a large withdrawal: approval.pending after its first approval, approved only on the last', async () => {
    const person = await verifiedUserWith(20_000);
    const id = (await withdraw(person.token, 15_000)).json().data._id as string;
    const first = await call(admin.token, 'PUT', `/api/admin/approveWithdrawal/${id}`, {
      txHash: 'big-payout',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(await theEvent('approval.pending', { approvalId: id }, [everything])).toEqual({
      approvalId: id,
      kind: 'withdrawal',
      summary: `Withdrawal of $15,000.00 in BTC to ${BTC_ADDRESS}`,
      proposedBy: admin.id,
      requiredApprovals: 1,
    });
    expect(await eventsOf('withdrawal.approved', { withdrawalId: id })).toEqual([]);

    const last = await call(second.token, 'PUT', `/api/admin/approveWithdrawal/${id}`, {
      txHash: 'big-payout',
    });
    expect(last.statusCode, last.body).toBe(200);
    await theEvent('withdrawal.approved', { withdrawalId: id }, [everything, money]);
    await theEvent('withdrawal.paid', { withdrawalId: id }, [everything, money]);
    expect(await eventsOf('approval.pending', { approvalId: id })).toHaveLength(1);
  });
});

describe('support and solvency events', () => {
  it('ticket.opened when a user opens a ticket, ticket.answered when staff reply', async () => {
    const person = await signUpAndLogin(t.app);
    const opened = await call(person.token, 'POST', '/api/user/support', {
      subject: 'Where is my deposit?',
      message: 'I sent BTC an hour ago.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ticketId = opened.json().data._id as string;
    expect(await theEvent('ticket.opened', { ticketId }, [everything])).toEqual({
      ticketId,
      userId: person.user._id,
      subject: 'Where is my deposit?',
      status: 'open',
      from: 'user',
    });
    const replied = await call(admin.token, 'POST', `/api/admin/support/${ticketId}/reply`, {
      message: 'It is confirming on chain.',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(await theEvent('ticket.answered', { ticketId }, [everything])).toMatchObject({
      status: 'answered',
      from: 'staff',
    });
  });

  it('snapshot.published with the signed root and the total owed', async () => {
    const taken = await call(admin.token, 'POST', '/api/admin/liabilities/snapshots');
    expect(taken.statusCode, taken.body).toBe(201);
    const snapshot = taken.json().data;
    const data = await theEvent('snapshot.published', { snapshotId: snapshot.id }, [everything]);
    expect(data).toEqual({
      snapshotId: snapshot.id,
      publishedAt: snapshot.takenAt,
      totalLiabilities: Number(snapshot.rootSum) / 100,
      accounts: data.accounts,
      rootHash: snapshot.rootHash,
    });
    expect(data.accounts).toBeGreaterThan(0);
  });
});

describe('a change that does not commit', () => {
  it('writes no event when refused', async () => {
    const person = await verifiedUserWith(50);
    const refused = await withdraw(person.token, 80);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.insufficientBalance);
    expect(await eventsOf('withdrawal.requested', { userId: person.user._id })).toEqual([]);
  });

  it('writes no event, nor any delivery, when its transaction fails after emitting', async () => {
    const userId = randomUUID();
    const deliveriesBefore = await t.pool.query('select count(*)::int as n from webhook_deliveries');
    await expect(
      runInTransaction(t.db, async (tx) => {
        await emitWebhookEvent(tx, {
          type: 'user.registered',
          data: {
            userId,
            userName: 'ghost',
            fullName: 'Ghost',
            email: 'ghost@example.com',
            verificationLevel: 'none',
            isSuspended: false,
          },
        });
        expect(await eventsOf('user.registered', { userId })).toEqual([]);
        throw new Error('the change failed after its event');
      }),
    ).rejects.toThrow('the change failed after its event');
    expect(await eventsOf('user.registered', { userId })).toEqual([]);
    const deliveriesAfter = await t.pool.query('select count(*)::int as n from webhook_deliveries');
    expect(deliveriesAfter.rows[0].n).toBe(deliveriesBefore.rows[0].n);
  });
});
