import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite));

const listNotifications = async (token: string) =>
  (await t.app.inject({ url: '/api/user/notifications', headers: bearer(token) })).json();

const markRead = (token: string, payload: { ids?: string[] }) =>
  t.app.inject({ method: 'PUT', url: '/api/user/notifications/read', headers: bearer(token), payload });

describe('notifications', () => {
  it('marks notifications read, all or by id, only for their owner', async () => {
    const { token } = await signUpAndLogin(t.app);
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/user/support',
      headers: bearer(token),
      payload: { message: 'Hello' },
    });
    for (const message of ['One', 'Two']) {
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/support/${ticket.json().data._id}/reply`,
        headers: bearer(adminToken),
        payload: { message },
      });
    }
    const listed = await listNotifications(token);
    expect(listed.unread).toBe(2);
    const first = listed.data[0]._id;
    const stranger = await signUpAndLogin(t.app);
    await markRead(stranger.token, { ids: [first] });
    expect((await listNotifications(token)).unread).toBe(2);

    await markRead(token, { ids: [first] });
    expect((await listNotifications(token)).unread).toBe(1);
    await markRead(token, {});
    expect((await listNotifications(token)).unread).toBe(0);

    expect((await markRead(token, { ids: ['nope'] })).statusCode).toBe(400);
  });
});
