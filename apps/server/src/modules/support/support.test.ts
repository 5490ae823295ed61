import { MESSAGES } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite));

describe('support tickets', () => {
  it('stores a message, lets the admin reply, notifies the user and records the act', async () => {
    const { token } = await signUpAndLogin(t.app);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/support',
      headers: bearer(token),
      payload: { message: 'My deposit is still pending.\nCan you check?' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      message: MESSAGES.supportMessageSent,
      data: { subject: 'My deposit is still pending.', status: 'open', messages: [{ isFromStaff: false }] },
    });
    const ticketId = sent.json().data._id;

    const queue = await t.app.inject({ url: '/api/admin/support?status=open', headers: bearer(adminToken) });
    expect(queue.json().data.map((ticket: { _id: string }) => ticket._id)).toContain(ticketId);

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/${ticketId}/reply`,
      headers: bearer(adminToken),
      payload: { message: 'Approved just now.' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ status: 'answered' });

    const mine = await t.app.inject({ url: '/api/user/support', headers: bearer(token) });
    expect(mine.json().data[0].messages.map((message: { body: string }) => message.body)).toEqual([
      'My deposit is still pending.\nCan you check?',
      'Approved just now.',
    ]);
    const notifications = await t.app.inject({ url: '/api/user/notifications', headers: bearer(token) });
    expect(notifications.json()).toMatchObject({
      unread: 1,
      data: [{ kind: 'support', title: 'Support replied' }],
    });
    const audit = await t.app.inject({
      url: `/api/admin/audit?targetType=support_ticket&targetId=${ticketId}`,
      headers: bearer(adminToken),
    });
    expect(audit.json().data).toMatchObject([{ action: 'support.reply', actorName: 'Site Administrator' }]);

    const followUp = await t.app.inject({
      method: 'POST',
      url: `/api/user/support/${ticketId}/messages`,
      headers: bearer(token),
      payload: { message: 'Thank you!' },
    });
    expect(followUp.json().data.status).toBe('open');
  });

  it('opens one ticket for a retried request with the same Idempotency-Key, even at once', async () => {
    const { token } = await signUpAndLogin(t.app);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/support',
        headers: { ...bearer(token), 'idempotency-key': 'ticket-retry-1' },
        payload: { message: 'Where is my withdrawal?' },
      });
    // At once: one opens the ticket, the others wait on its key (409) or replay its answer.
    const answers = [...(await Promise.all([send(), send(), send()])), await send()];
    const opened = answers.filter((answer) => answer.statusCode === 201);
    expect(answers.every((answer) => [201, 409].includes(answer.statusCode))).toBe(true);
    expect(opened.at(-1)).toBe(answers.at(-1));
    expect(new Set(opened.map((answer) => answer.json().data._id)).size).toBe(1);
    const mine = await t.app.inject({ url: '/api/user/support', headers: bearer(token) });
    expect(mine.json().total).toBe(1);
  });

  it('refuses empty messages and keeps tickets private', async () => {
    const owner = await signUpAndLogin(t.app);
    const stranger = await signUpAndLogin(t.app);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/support',
      headers: bearer(owner.token),
      payload: { message: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.supportMessageRequired);

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/support',
      headers: bearer(owner.token),
      payload: { subject: 'Private', message: 'Only for me and the staff.' },
    });
    const ticketId = sent.json().data._id;
    const intrusion = await t.app.inject({
      method: 'POST',
      url: `/api/user/support/${ticketId}/messages`,
      headers: bearer(stranger.token),
      payload: { message: 'Let me in' },
    });
    expect(intrusion.statusCode).toBe(404);
    const strangersList = await t.app.inject({ url: '/api/user/support', headers: bearer(stranger.token) });
    expect(strangersList.json().data).toEqual([]);
    const closedByStranger = await t.app.inject({
      method: 'PUT',
      url: `/api/user/support/${ticketId}/close`,
      headers: bearer(stranger.token),
    });
    expect(closedByStranger.statusCode).toBe(404);

    await t.app.inject({
      method: 'PUT',
      url: `/api/user/support/${ticketId}/close`,
      headers: bearer(owner.token),
    });
    const afterClose = await t.app.inject({
      method: 'POST',
      url: `/api/user/support/${ticketId}/messages`,
      headers: bearer(owner.token),
      payload: { message: 'One more thing' },
    });
    expect(afterClose.statusCode).toBe(409);
    expect(afterClose.json().message).toBe(MESSAGES.supportTicketClosed);
  });
});
