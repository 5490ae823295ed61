import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
  type WebhookEventType,
  webhookAddressRefusedMessage,
} from '@vestora/shared';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  bearer,
  createTestApp,
  grantStaffRoles,
  login,
  signUpAndLogin,
  type TestApp,
  withTestApp,
} from '../../../test/test-app.ts';
import { type Answer, isSignedWith, type Received, startReceiver } from '../../../test/webhook-receiver.ts';
import { killSenderProcess, LOCAL_WEBHOOKS, startSenderProcess } from '../../../test/webhook-sender.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { emitWebhookEvent } from './webhook-outbox.ts';
import { RETRY_DELAYS_MS } from './webhook-sender.ts';

/** How long a test waits for the sender: an attempt may take its whole timeout, on a busy machine. */
const SENT = { timeout: 5000 };

function creditedEvent(amount = 150): WebhookEvent {
  return {
    type: 'deposit.credited',
    data: {
      depositId: randomUUID(),
      userId: randomUUID(),
      method: 'Bitcoin',
      amount,
      status: 'approved',
      txHash: 'ab'.repeat(32),
      reason: null,
      createdAt: new Date().toISOString(),
    },
  };
}

async function emit(t: TestApp, event: WebhookEvent): Promise<void> {
  await t.db.transaction((tx) => emitWebhookEvent(tx, event));
}

/** The body a receiver got, parsed. */
function bodyOf(request: Received): { type: string; timestamp: string; data: Record<string, unknown> } {
  return JSON.parse(request.body);
}

describe('webhook endpoints in the console', () => {
  let t: TestApp;
  let adminToken: string;
  withTestApp(
    (suite) => {
      ({ t, adminToken } = suite);
    },
    { webhooks: LOCAL_WEBHOOKS },
  );

  const create = (body: Record<string, unknown>, token = adminToken) =>
    t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: bearer(token), payload: body });

  it('creates an endpoint and answers its secret once; the list shows only its first characters', async () => {
    const response = await create({
      url: 'http://127.0.0.1:9/hook',
      description: 'Accounting',
      eventTypes: ['withdrawal.paid', 'deposit.credited', 'deposit.credited'],
    });
    expect(response.statusCode).toBe(201);
    const { data, message } = response.json<{ data: WebhookEndpointWithSecret; message: string }>();
    expect(message).toBe(WEBHOOK_MESSAGES.created);
    expect(data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(data.secretPrefix).toBe(data.secret.slice(0, 10));
    // Once each, in the list's order.
    expect(data.eventTypes).toEqual(['deposit.credited', 'withdrawal.paid']);
    expect(data).toMatchObject({ isEnabled: true, pendingDeliveries: 0, failedDeliveries: 0 });

    const list = await t.app.inject({ url: '/api/admin/webhooks', headers: bearer(adminToken) });
    const listed = list.json<{ data: WebhookEndpoint[] }>().data.find((endpoint) => endpoint.id === data.id);
    expect(listed).toMatchObject({ url: 'http://127.0.0.1:9/hook', description: 'Accounting' });
    expect(list.body).not.toContain(data.secret);

    const audit = await t.app.inject({
      url: '/api/admin/audit?action=webhook.create',
      headers: bearer(adminToken),
    });
    expect(audit.body).toContain(data.id);
    expect(audit.body).not.toContain(data.secret);
  });

  it('refuses a form without event types, a URL that is not one, and credentials in the URL', async () => {
    const noTypes = await create({ url: 'http://127.0.0.1:9/', eventTypes: [] });
    expect(noTypes.statusCode).toBe(400);
    expect(noTypes.json().message).toBe(WEBHOOK_MESSAGES.eventTypesRequired);

    const unknownType = await create({ url: 'http://127.0.0.1:9/', eventTypes: ['deposit.stolen'] });
    expect(unknownType.json().message).toBe(WEBHOOK_MESSAGES.eventTypeUnknown);

    const notUrl = await create({ url: 'ftp://127.0.0.1/', eventTypes: ['deposit.credited'] });
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json().message).toBe(WEBHOOK_MESSAGES.urlInvalid);

    const credentials = await create({
      url: 'http://user:pw@127.0.0.1:9/',
      eventTypes: ['deposit.credited'],
    });
    expect(credentials.statusCode).toBe(400);
    expect(credentials.json().message).toBe(WEBHOOK_MESSAGES.urlCredentials);
  });

  it('lets a staff member who reads the settings list endpoints, not change them', async () => {
    const reader = await signUpAndLogin(t.app);
    await grantStaffRoles(t.app, reader.input.userName, ['finance']);
    const { token } = await login(t.app, reader.input.userName, reader.input.password);
    const list = await t.app.inject({ url: '/api/admin/webhooks', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    const refused = await create({ url: 'http://127.0.0.1:9/', eventTypes: ['deposit.credited'] }, token);
    expect(refused.statusCode).toBe(403);
  });

  it('updates, turns off and removes an endpoint; an unknown one is not found', async () => {
    const { data } = (await create({ url: 'http://127.0.0.1:9/a', eventTypes: ['user.registered'] })).json<{
      data: WebhookEndpointWithSecret;
    }>();
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/webhooks/${data.id}`,
      headers: bearer(adminToken),
      payload: {
        url: 'http://127.0.0.1:9/b',
        description: 'CRM',
        eventTypes: ['user.verified'],
        isEnabled: false,
      },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({
      message: WEBHOOK_MESSAGES.updated,
      data: {
        url: 'http://127.0.0.1:9/b',
        description: 'CRM',
        eventTypes: ['user.verified'],
        isEnabled: false,
      },
    });

    const test = await t.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${data.id}/test`,
      headers: bearer(adminToken),
    });
    expect(test.statusCode).toBe(409);
    expect(test.json().message).toBe(WEBHOOK_MESSAGES.endpointDisabled);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/webhooks/${data.id}`,
      headers: bearer(adminToken),
    });
    expect(removed.json().message).toBe(WEBHOOK_MESSAGES.deleted);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/webhooks/${data.id}`,
      headers: bearer(adminToken),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(WEBHOOK_MESSAGES.endpointNotFound);
    const malformed = await t.app.inject({
      url: '/api/admin/webhooks/nope/deliveries',
      headers: bearer(adminToken),
    });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe(WEBHOOK_MESSAGES.endpointNotFound);
  });
});

/**
 * The wall clock, moved forward when a test skips a retry's wait: events take their time from the
 * database, so a clock stopped in the past would never find them due.
 */
function createSkippingClock() {
  let skippedMs = 0;
  return {
    now: () => new Date(Date.now() + skippedMs),
    skip(ms: number) {
      skippedMs += ms;
    },
    /** Back to the wall clock: `standardwebhooks` refuses timestamps five minutes from its own. */
    reset() {
      skippedMs = 0;
    },
  };
}

describe('webhook delivery', () => {
  const clock = createSkippingClock();
  let t: TestApp;
  let adminToken: string;
  withTestApp(
    (suite) => {
      ({ t, adminToken } = suite);
    },
    { webhooks: LOCAL_WEBHOOKS },
    { clock },
  );

  async function createEndpoint(
    url: string,
    eventTypes: WebhookEventType[],
  ): Promise<WebhookEndpointWithSecret> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: bearer(adminToken),
      payload: { url, eventTypes },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: WebhookEndpointWithSecret }>().data;
  }

  async function deliveriesOf(endpointId: string): Promise<WebhookDelivery[]> {
    const response = await t.app.inject({
      url: `/api/admin/webhooks/${endpointId}/deliveries`,
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: WebhookDelivery[] }>().data;
  }

  async function deliveryDetail(id: string): Promise<WebhookDeliveryDetail> {
    const response = await t.app.inject({
      url: `/api/admin/webhookDeliveries/${id}`,
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: WebhookDeliveryDetail }>().data;
  }

  /** The endpoint's only delivery, once it has made `attempts` attempts. */
  async function waitForAttempts(endpointId: string, attempts: number): Promise<WebhookDelivery> {
    await expect.poll(async () => (await deliveriesOf(endpointId))[0]?.attempts, SENT).toBe(attempts);
    const [delivery] = await deliveriesOf(endpointId);
    if (!delivery) throw new Error('no delivery');
    return delivery;
  }

  /** Verified as a receiver would with the `standardwebhooks` package: throws unless signed by `secret`. */
  function verify(secret: string, request: Received): unknown {
    return new Webhook(secret).verify(request.body, {
      'webhook-id': request.id,
      'webhook-timestamp': request.timestamp,
      'webhook-signature': request.signature,
    });
  }

  it('retries an endpoint answering 500 with backoff, then delivers: one webhook-id, signed every time', async () => {
    const answers = [500, 500, 204];
    const receiver = await startReceiver((_request, index) => ({
      status: answers[index] ?? 204,
      body: 'nope',
    }));
    try {
      const endpoint = await createEndpoint(receiver.url, ['deposit.credited']);
      const event = creditedEvent();
      await emit(t, event);

      const first = await waitForAttempts(endpoint.id, 1);
      expect(first).toMatchObject({ status: 'pending', lastStatusCode: 500 });
      const firstWaitMs = Date.parse(first.nextAttemptAt ?? '') - Date.parse(first.lastAttemptAt ?? '');
      expect(firstWaitMs).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0]);
      expect(firstWaitMs).toBeLessThan(RETRY_DELAYS_MS[0] + 1000);
      clock.skip(RETRY_DELAYS_MS[0]);
      await waitForAttempts(endpoint.id, 2);
      clock.skip(RETRY_DELAYS_MS[1]);
      const delivered = await waitForAttempts(endpoint.id, 3);
      expect(delivered).toMatchObject({ status: 'succeeded', lastStatusCode: 204, nextAttemptAt: null });

      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((request) => request.id))).toEqual(new Set([delivered.eventId]));
      for (const request of receiver.received) {
        expect(request).toMatchObject({ contentType: 'application/json', userAgent: 'Vestora-Webhooks/1' });
        expect(isSignedWith(endpoint.secret, request)).toBe(true);
        expect(verify(endpoint.secret, request)).toMatchObject({
          type: 'deposit.credited',
          data: event.data,
        });
      }
      const [firstAt, secondAt] = receiver.received.map((request) => Number(request.timestamp));
      expect((secondAt ?? 0) - (firstAt ?? 0)).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0] / 1000);

      const detail = await deliveryDetail(delivered.id);
      expect(detail.attemptLog.map((attempt) => attempt.statusCode)).toEqual([500, 500, 204]);
      expect(detail.attemptLog[0]).toMatchObject({ responseExcerpt: 'nope', error: null });
      expect(JSON.parse(detail.payload)).toEqual(bodyOf(receiver.received[0] as Received));
    } finally {
      await receiver.close();
    }
  });

  it('keeps each endpoint in order while its oldest delivery fails, and serves other endpoints meanwhile', async () => {
    const slow = await startReceiver((_request, index) => ({ status: index === 0 ? 503 : 200 }));
    const fine = await startReceiver(() => ({ status: 200 }));
    try {
      const slowEndpoint = await createEndpoint(slow.url, ['user.registered']);
      await createEndpoint(fine.url, ['user.registered']);
      const events = ['first', 'second', 'third'].map(
        (userName): WebhookEvent => ({
          type: 'user.registered',
          data: {
            userId: randomUUID(),
            userName,
            fullName: 'Ada Lovelace',
            email: `${userName}@example.com`,
            verificationLevel: 'none',
            isSuspended: false,
          },
        }),
      );
      for (const event of events) await emit(t, event);

      await expect.poll(() => fine.received.length, SENT).toBe(3);
      await expect
        .poll(
          async () => (await deliveriesOf(slowEndpoint.id)).find((delivery) => delivery.attempts === 1),
          SENT,
        )
        .toBeDefined();
      // The others wait behind the failing one, however often the sender looks.
      await new Promise((resolve) => setTimeout(resolve, LOCAL_WEBHOOKS.pollIntervalMs * 8));
      expect(slow.received).toHaveLength(1);

      clock.skip(RETRY_DELAYS_MS[0]);
      await expect.poll(() => slow.received.length, SENT).toBe(4);
      const userNames = (requests: Received[]) => requests.map((request) => bodyOf(request).data.userName);
      expect(userNames(slow.received)).toEqual(['first', 'first', 'second', 'third']);
      expect(userNames(fine.received)).toEqual(['first', 'second', 'third']);
    } finally {
      await slow.close();
      await fine.close();
    }
  });

  it('marks a delivery failed after the last retry, then sends the endpoint’s next one', async () => {
    // The first event's endpoint is down for all of its retries; the second one's is back.
    const receiver = await startReceiver((request) => ({
      status: bodyOf(request).data.rootHash === 'a' ? 500 : 200,
    }));
    try {
      const endpoint = await createEndpoint(receiver.url, ['snapshot.published']);
      const snapshot = (rootHash: string): WebhookEvent => ({
        type: 'snapshot.published',
        data: {
          snapshotId: randomUUID(),
          publishedAt: new Date().toISOString(),
          totalLiabilities: 10,
          accounts: 1,
          rootHash,
        },
      });
      await emit(t, snapshot('a'));
      await emit(t, snapshot('b'));
      for (const [index, delayMs] of RETRY_DELAYS_MS.entries()) {
        await expect
          .poll(async () => (await deliveriesOf(endpoint.id)).at(-1)?.attempts, SENT)
          .toBe(index + 1);
        clock.skip(delayMs);
      }
      await expect.poll(async () => (await deliveriesOf(endpoint.id)).at(-1)?.status, SENT).toBe('failed');
      await expect.poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, SENT).toBe('succeeded');
      const sent = receiver.received.map((request) => bodyOf(request).data.rootHash);
      expect(sent).toEqual([...Array<string>(RETRY_DELAYS_MS.length + 1).fill('a'), 'b']);
      const list = await t.app.inject({ url: '/api/admin/webhooks', headers: bearer(adminToken) });
      expect(
        list.json<{ data: WebhookEndpoint[] }>().data.find((row) => row.id === endpoint.id),
      ).toMatchObject({
        pendingDeliveries: 0,
        failedDeliveries: 1,
      });
    } finally {
      await receiver.close();
    }
  });

  it('does not follow a redirect: the 3xx is a failed attempt', async () => {
    const receiver = await startReceiver((request) =>
      request.path === '/hook' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 },
    );
    try {
      const endpoint = await createEndpoint(receiver.url, ['ticket.opened']);
      await emit(t, {
        type: 'ticket.opened',
        data: { ticketId: randomUUID(), userId: randomUUID(), subject: 'Help', status: 'open', from: 'user' },
      });
      const delivery = await waitForAttempts(endpoint.id, 1);
      expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: 302 });
      const [attempt] = (await deliveryDetail(delivery.id)).attemptLog;
      expect(attempt?.error).toBe('Redirects are not followed: point the endpoint at the final URL.');
      expect(receiver.received.map((request) => request.path)).toEqual(['/hook']);
    } finally {
      await receiver.close();
    }
  });

  it('reads a large answer only up to its limit and keeps its first kilobyte', async () => {
    const receiver = await startReceiver(() => ({ status: 200, body: 'x'.repeat(2 * 1024 * 1024) }));
    try {
      const endpoint = await createEndpoint(receiver.url, ['ticket.answered']);
      await emit(t, {
        type: 'ticket.answered',
        data: {
          ticketId: randomUUID(),
          userId: randomUUID(),
          subject: 'Help',
          status: 'answered',
          from: 'staff',
        },
      });
      const delivery = await waitForAttempts(endpoint.id, 1);
      expect(delivery.status).toBe('succeeded');
      const [attempt] = (await deliveryDetail(delivery.id)).attemptLog;
      expect(attempt?.responseExcerpt).toBe('x'.repeat(1024));
    } finally {
      await receiver.close();
    }
  });

  it('gives up an attempt that gets no answer within the timeout, and retries it', async () => {
    const receiver = await startReceiver((_request, index) => (index === 0 ? 'hang' : { status: 200 }));
    try {
      const endpoint = await createEndpoint(receiver.url, ['withdrawal.requested']);
      await emit(t, {
        type: 'withdrawal.requested',
        data: {
          withdrawalId: randomUUID(),
          userId: randomUUID(),
          method: 'Bitcoin',
          amount: 20,
          address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          status: 'pending',
          payoutTxHash: null,
          reason: null,
          createdAt: new Date().toISOString(),
        },
      });
      const delivery = await waitForAttempts(endpoint.id, 1);
      const [attempt] = (await deliveryDetail(delivery.id)).attemptLog;
      expect(attempt).toMatchObject({ statusCode: null, error: 'No answer within 1 s.' });
      expect(attempt?.durationMs).toBeGreaterThanOrEqual(900);
      clock.skip(RETRY_DELAYS_MS[0]);
      await expect.poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, SENT).toBe('succeeded');
      expect(new Set(receiver.received.map((request) => request.id)).size).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it('redelivers with the same webhook-id, and sends a test event to one endpoint only', async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    const other = await startReceiver(() => ({ status: 200 }));
    try {
      const endpoint = await createEndpoint(receiver.url, ['user.suspended']);
      await createEndpoint(other.url, ['user.suspended']);
      await emit(t, {
        type: 'user.suspended',
        data: {
          userId: randomUUID(),
          userName: 'mallory',
          fullName: 'Mallory',
          email: 'mallory@example.com',
          verificationLevel: 'basic',
          isSuspended: true,
        },
      });
      const delivered = await waitForAttempts(endpoint.id, 1);
      const redeliver = await t.app.inject({
        method: 'POST',
        url: `/api/admin/webhookDeliveries/${delivered.id}/redeliver`,
        headers: bearer(adminToken),
      });
      expect(redeliver.statusCode).toBe(200);
      expect(redeliver.json()).toMatchObject({
        message: WEBHOOK_MESSAGES.redeliveryQueued,
        data: { id: delivered.id, status: 'pending', attempts: 0 },
      });
      await expect.poll(() => receiver.received.length, SENT).toBe(2);
      expect(receiver.received.map((request) => request.id)).toEqual([delivered.eventId, delivered.eventId]);
      await expect.poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, SENT).toBe('succeeded');

      const test = await t.app.inject({
        method: 'POST',
        url: `/api/admin/webhooks/${endpoint.id}/test`,
        headers: bearer(adminToken),
      });
      expect(test.statusCode).toBe(201);
      expect(test.json()).toMatchObject({
        message: WEBHOOK_MESSAGES.testQueued,
        data: { eventType: 'webhook.test' },
      });
      await expect.poll(() => receiver.received.length, SENT).toBe(3);
      const testRequest = receiver.received[2] as Received;
      expect(bodyOf(testRequest)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
      expect(isSignedWith(endpoint.secret, testRequest)).toBe(true);
      expect(other.received.map((request) => bodyOf(request).type)).toEqual(['user.suspended']);

      const unknown = await t.app.inject({
        method: 'POST',
        url: `/api/admin/webhookDeliveries/${randomUUID()}/redeliver`,
        headers: bearer(adminToken),
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(WEBHOOK_MESSAGES.deliveryNotFound);
    } finally {
      await receiver.close();
      await other.close();
    }
  });

  it('signs with both secrets during a rotation’s overlap, and with the new one alone after it', async () => {
    clock.reset();
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      const endpoint = await createEndpoint(receiver.url, ['approval.pending']);
      const rotatedFrom = clock.now().getTime();
      const rotation = await t.app.inject({
        method: 'POST',
        url: `/api/admin/webhooks/${endpoint.id}/rotateSecret`,
        headers: bearer(adminToken),
      });
      expect(rotation.statusCode).toBe(200);
      const rotated = rotation.json<{ data: WebhookEndpointWithSecret; message: string }>();
      expect(rotated.message).toBe(WEBHOOK_MESSAGES.rotated);
      expect(rotated.data.secret).not.toBe(endpoint.secret);
      const overlapMs = Date.parse(rotated.data.previousSecretExpiresAt ?? '') - rotatedFrom;
      expect(overlapMs).toBeGreaterThanOrEqual(24 * 3_600_000);
      expect(overlapMs).toBeLessThan(24 * 3_600_000 + 1000);

      const approval = (): WebhookEvent => ({
        type: 'approval.pending',
        data: {
          approvalId: randomUUID(),
          kind: 'credit',
          summary: 'Credit',
          proposedBy: null,
          requiredApprovals: 2,
        },
      });
      await emit(t, approval());
      await expect.poll(() => receiver.received.length, SENT).toBe(1);
      const during = receiver.received[0] as Received;
      expect(during.signature.split(' ')).toHaveLength(2);
      expect(isSignedWith(endpoint.secret, during)).toBe(true);
      expect(isSignedWith(rotated.data.secret, during)).toBe(true);
      expect(verify(endpoint.secret, during)).toMatchObject({ type: 'approval.pending' });
      expect(verify(rotated.data.secret, during)).toMatchObject({ type: 'approval.pending' });

      clock.skip(24 * 3_600_000 + 1000);
      try {
        await emit(t, approval());
        await expect.poll(() => receiver.received.length, SENT).toBe(2);
        const after = receiver.received[1] as Received;
        expect(after.signature.split(' ')).toHaveLength(1);
        expect(isSignedWith(rotated.data.secret, after)).toBe(true);
        expect(isSignedWith(endpoint.secret, after)).toBe(false);
      } finally {
        clock.reset();
      }
    } finally {
      await receiver.close();
    }
  });

  it('keeps both secrets of two rotations asked at the same moment signing', async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      const endpoint = await createEndpoint(receiver.url, ['user.verified']);
      const rotations = await Promise.all(
        [1, 2].map(() =>
          t.app.inject({
            method: 'POST',
            url: `/api/admin/webhooks/${endpoint.id}/rotateSecret`,
            headers: bearer(adminToken),
          }),
        ),
      );
      expect(rotations.map((response) => response.statusCode)).toEqual([200, 200]);
      const secrets = rotations.map(
        (response) => response.json<{ data: WebhookEndpointWithSecret }>().data.secret,
      );
      await emit(t, {
        type: 'user.verified',
        data: {
          userId: randomUUID(),
          userName: 'grace',
          fullName: 'Grace Hopper',
          email: 'grace@example.com',
          verificationLevel: 'basic',
          isSuspended: false,
        },
      });
      await expect.poll(() => receiver.received.length, SENT).toBe(1);
      const request = receiver.received[0] as Received;
      for (const secret of secrets) expect(isSignedWith(secret, request)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('writes no delivery for a change that rolled back, and one for a change that committed', async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      const endpoint = await createEndpoint(receiver.url, ['withdrawal.paid']);
      const paid = (): WebhookEvent => ({
        type: 'withdrawal.paid',
        data: {
          withdrawalId: randomUUID(),
          userId: randomUUID(),
          method: 'Bitcoin',
          amount: 30,
          address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          status: 'approved',
          payoutTxHash: 'cd'.repeat(32),
          reason: null,
          createdAt: new Date().toISOString(),
        },
      });
      await expect(
        t.db.transaction(async (tx) => {
          await emitWebhookEvent(tx, paid());
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      const committed = paid();
      await emit(t, committed);
      await expect.poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, SENT).toBe('succeeded');
      expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
      expect(receiver.received.map((request) => bodyOf(request).data)).toEqual([committed.data]);
    } finally {
      await receiver.close();
    }
  });
});

describe('outbound safety with the default settings', () => {
  let t: TestApp;
  let adminToken: string;
  withTestApp(
    (suite) => {
      ({ t, adminToken } = suite);
    },
    { webhooks: { ...LOCAL_WEBHOOKS, allowPrivateNetworks: false } },
  );

  const create = (url: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: bearer(adminToken),
      payload: { url, eventTypes: ['deposit.credited'] },
    });

  it('refuses loopback, link-local and private destinations, by address or by name, and plain http', async () => {
    const loopback = await create('https://127.0.0.1/hook');
    expect(loopback.statusCode).toBe(400);
    expect(loopback.json().message).toBe(webhookAddressRefusedMessage('127.0.0.1', 'a loopback'));

    const metadata = await create('https://169.254.169.254/latest/meta-data');
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json().message).toBe(webhookAddressRefusedMessage('169.254.169.254', 'a link-local'));

    const mapped = await create('https://[::ffff:10.0.0.1]/hook');
    expect(mapped.statusCode).toBe(400);
    expect(mapped.json().message).toBe(webhookAddressRefusedMessage('::ffff:a00:1', 'a private'));

    const byName = await create('https://localhost/hook');
    expect(byName.statusCode).toBe(400);
    expect(byName.json().message).toMatch(/^Refused: (127\.0\.0\.1|::1) is a loopback address\./);

    const plain = await create('http://203.0.113.7/hook');
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe(WEBHOOK_MESSAGES.httpsRequired);

    const list = await t.app.inject({ url: '/api/admin/webhooks', headers: bearer(adminToken) });
    expect(list.json().data).toEqual([]);
  });

  it('refuses at delivery a host that resolves to a loopback address, and records why', async () => {
    // As if the name had resolved elsewhere when the endpoint was saved (DNS rebinding).
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({ url: 'https://localhost:9/hook', eventTypes: ['deposit.credited'], secret: 'whsec_c2VjcmV0' })
      .returning();
    if (!endpoint) throw new Error('no endpoint');
    await emit(t, creditedEvent());
    await expect
      .poll(async () => {
        const response = await t.app.inject({
          url: `/api/admin/webhooks/${endpoint.id}/deliveries`,
          headers: bearer(adminToken),
        });
        return response.json<{ data: WebhookDelivery[] }>().data[0]?.attempts;
      }, SENT)
      .toBe(1);
    const [delivery] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const detail = await t.app.inject({
      url: `/api/admin/webhookDeliveries/${delivery?.id}`,
      headers: bearer(adminToken),
    });
    const [attempt] = detail.json<{ data: WebhookDeliveryDetail }>().data.attemptLog;
    expect(attempt?.statusCode).toBeNull();
    expect(attempt?.error).toMatch(/^Refused: (127\.0\.0\.1|::1) is a loopback address\./);
  });
});

describe('one sender across processes', () => {
  let first: TestApp;
  let second: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    first = await createTestApp({ webhooks: LOCAL_WEBHOOKS });
    second = await createTestApp({ webhooks: LOCAL_WEBHOOKS }, { sharedWith: first });
    adminToken = (await login(first.app, ADMIN.email, ADMIN.password)).token;
    // Both started: each now polls the one database.
    await Promise.all([first.app.ready(), second.app.ready()]);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('delivers each event once, in order, with two servers polling', async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      const created = await first.app.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: bearer(adminToken),
        payload: { url: receiver.url, eventTypes: ['deposit.credited'] },
      });
      expect(created.statusCode).toBe(201);
      const amounts = Array.from({ length: 20 }, (_, index) => index + 1);
      for (const amount of amounts) await emit(amount % 2 === 0 ? first : second, creditedEvent(amount));
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(amounts.length);
      expect(receiver.received.map((request) => bodyOf(request).data.amount)).toEqual(amounts);
      expect(new Set(receiver.received.map((request) => request.id)).size).toBe(amounts.length);
    } finally {
      await receiver.close();
    }
  });
});

describe('a server stopped mid-delivery', () => {
  it('leaves the delivery pending; the next server sends it with the same webhook-id', async () => {
    const answers: Answer[] = ['hang', { status: 200 }];
    const receiver = await startReceiver((_request, index) => answers[index] ?? { status: 200 });
    const secret = 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0';
    try {
      // A timeout longer than the test: the request is cut by the stop, not given up.
      const stopped = await createTestApp({ webhooks: { ...LOCAL_WEBHOOKS, timeoutMs: 60_000 } });
      const [endpoint] = await stopped.db
        .insert(webhookEndpoints)
        .values({ url: receiver.url, eventTypes: ['deposit.credited'], secret })
        .returning();
      if (!endpoint) throw new Error('no endpoint');
      await stopped.app.ready();
      await emit(stopped, creditedEvent());
      await expect.poll(() => receiver.received.length, SENT).toBe(1);
      // Closed while the receiver holds the request open: the attempt is abandoned, as in a crash.
      await stopped.close();

      const restarted = await createTestApp({ webhooks: LOCAL_WEBHOOKS }, { sharedWith: stopped });
      try {
        const stateOf = async () => {
          const [row] = await restarted.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.endpointId, endpoint.id));
          return row && { status: row.status, attempts: row.attempts };
        };
        expect(await stateOf()).toEqual({ status: 'pending', attempts: 0 });
        await restarted.app.ready();
        await expect.poll(stateOf, SENT).toEqual({ status: 'succeeded', attempts: 1 });
        expect(receiver.received).toHaveLength(2);
        expect(receiver.received[1]?.id).toBe(receiver.received[0]?.id);
        expect(isSignedWith(secret, receiver.received[1] as Received)).toBe(true);
      } finally {
        await restarted.close();
      }
    } finally {
      await receiver.close();
    }
  });

  it('survives SIGKILL of the sending process: the next server sends it with the same webhook-id', async () => {
    const receiver = await startReceiver((_request, index) => (index === 0 ? 'hang' : { status: 200 }));
    const secret = 'whsec_a2lsbGVka2lsbGVka2lsbGVk';
    // Its database only: this app is never started, so its sender never runs.
    const holder = await createTestApp({ webhooks: LOCAL_WEBHOOKS });
    const child = await startSenderProcess(holder.databaseUrl);
    try {
      const [endpoint] = await holder.db
        .insert(webhookEndpoints)
        .values({ url: receiver.url, eventTypes: ['deposit.credited'], secret })
        .returning();
      if (!endpoint) throw new Error('no endpoint');
      await emit(holder, creditedEvent());
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
      await killSenderProcess(child);

      const stateOf = async () => {
        const [row] = await holder.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpoint.id));
        return row && { status: row.status, attempts: row.attempts };
      };
      expect(await stateOf()).toEqual({ status: 'pending', attempts: 0 });
      const restarted = await createTestApp({ webhooks: LOCAL_WEBHOOKS }, { sharedWith: holder });
      try {
        await restarted.app.ready();
        await expect.poll(stateOf, SENT).toEqual({ status: 'succeeded', attempts: 1 });
        expect(receiver.received).toHaveLength(2);
        expect(receiver.received[1]?.id).toBe(receiver.received[0]?.id);
        expect(isSignedWith(secret, receiver.received[1] as Received)).toBe(true);
      } finally {
        await restarted.close();
      }
    } finally {
      await killSenderProcess(child);
      await holder.close();
      await receiver.close();
    }
    // Starting a server in a child process compiles its TypeScript first.
  }, 90_000);
});
