import { MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, requestDeposit } from '../../../test/money.ts';
import {
  ADMIN,
  bearer,
  createTestApp,
  grantStaffRoles,
  login,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';

const OLD_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const NEW_ADDRESS = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const THIRD_ADDRESS = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';

let t: TestApp;
let firstAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  firstAdmin = (await login(t.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await t.close();
});

function postWay(token: string, fields: Record<string, string>) {
  const { payload, headers } = multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/postWay',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

function decide(token: string, id: string, verdict: 'approve' | 'reject') {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/pendingChanges/${id}/${verdict}`,
    headers: bearer(token),
  });
}

async function pendingChanges(token: string) {
  const response = await t.app.inject({ url: '/api/admin/pendingChanges', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data as { _id: string; subject: string; details: Record<string, string> }[];
}

async function servedBitcoinAddress(token: string): Promise<string> {
  const served = await t.app.inject({ url: '/api/user/getPostByName/btc', headers: bearer(token) });
  return served.json().data[0].add;
}

async function auditActions(): Promise<string[]> {
  const audit = await t.app.inject({ url: '/api/admin/audit?pageSize=200', headers: bearer(firstAdmin) });
  return audit.json().data.map((entry: { action: string }) => entry.action);
}

async function makeAdmin(): Promise<string> {
  const { input } = await signUpAndLogin(t.app);
  await grantStaffRoles(t.app, input.userName, ['owner']);
  return (await login(t.app, input.userName, input.password)).token;
}

describe('changing where depositors pay', () => {
  it('applies at once while there is a single administrator', async () => {
    const added = await postWay(firstAdmin, { add: OLD_ADDRESS, type: 'btc' });
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toBe(MESSAGES.gatewayAdded);
    expect(await pendingChanges(firstAdmin)).toEqual([]);
  });

  it('with two administrators, waits for the second one, who applies it exactly once and warns waiting depositors', async () => {
    const depositor = await signUpAndLogin(t.app);
    expect((await requestDeposit(t.app, depositor.token, '120', 'btc')).statusCode).toBe(200);
    const secondAdmin = await makeAdmin();

    const proposed = await postWay(firstAdmin, { add: NEW_ADDRESS, type: 'btc' });
    expect(proposed.statusCode).toBe(201);
    expect(proposed.json()).toMatchObject({
      message: MESSAGES.gatewayChangePending,
      data: { status: 'pending' },
    });
    const changeId = proposed.json().data._id;
    expect(await servedBitcoinAddress(depositor.token)).toBe(OLD_ADDRESS);

    const [pending] = await pendingChanges(secondAdmin);
    expect(pending).toMatchObject({
      _id: changeId,
      kind: 'gateway.address',
      subject: 'btc',
      details: { address: NEW_ADDRESS, network: 'Bitcoin' },
      requestedBy: { email: ADMIN.email },
    });
    // A signed link, so the console's <img> can load it without a bearer token.
    const image = await t.app.inject({ url: pending?.details.image ?? '' });
    expect(image.statusCode).toBe(200);

    const ownApproval = await decide(firstAdmin, changeId, 'approve');
    expect(ownApproval.statusCode).toBe(403);
    expect(ownApproval.json().message).toBe(MESSAGES.adminChangeOwn);
    expect(await servedBitcoinAddress(depositor.token)).toBe(OLD_ADDRESS);
    expect(await pendingChanges(firstAdmin)).toHaveLength(1);

    const approvals = await Promise.all([
      decide(secondAdmin, changeId, 'approve'),
      decide(secondAdmin, changeId, 'approve'),
      decide(secondAdmin, changeId, 'approve'),
    ]);
    expect(approvals.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    expect(approvals.find((response) => response.statusCode === 409)?.json().message).toBe(
      MESSAGES.adminChangeDecided,
    );
    expect(await servedBitcoinAddress(depositor.token)).toBe(NEW_ADDRESS);
    const { rows } = await t.pool.query('select count(*)::int as n from gateways where address = $1', [
      NEW_ADDRESS,
    ]);
    expect(rows[0].n).toBe(1);
    expect(await pendingChanges(firstAdmin)).toEqual([]);

    const notifications = await t.app.inject({
      url: '/api/user/notifications',
      headers: bearer(depositor.token),
    });
    const titles = notifications.json().data.map((notification: { title: string }) => notification.title);
    expect(titles.filter((title: string) => title === MESSAGES.depositAddressChangedTitle)).toHaveLength(1);
    const bystander = await signUpAndLogin(t.app);
    const quiet = await t.app.inject({ url: '/api/user/notifications', headers: bearer(bystander.token) });
    expect(quiet.json().data).toEqual([]);

    const actions = await auditActions();
    expect(actions.filter((action) => action === 'change.propose')).toHaveLength(1);
    expect(actions.filter((action) => action === 'change.approve')).toHaveLength(1);
    expect(actions.filter((action) => action === 'gateway.add')).toHaveLength(2);
  });

  it('a rejected change is never applied, and a different administrator must decide it', async () => {
    const secondAdmin = await makeAdmin();
    const proposed = await postWay(secondAdmin, { add: THIRD_ADDRESS, type: 'btc' });
    expect(proposed.statusCode).toBe(201);
    const changeId = proposed.json().data._id;

    const ownRejection = await decide(secondAdmin, changeId, 'reject');
    expect(ownRejection.statusCode).toBe(403);
    const [rejected, lateApproval] = await Promise.all([
      decide(firstAdmin, changeId, 'reject'),
      decide(firstAdmin, changeId, 'approve'),
    ]);
    const statuses = [rejected.statusCode, lateApproval.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const { token } = await signUpAndLogin(t.app);
    const applied = rejected.statusCode === 409;
    expect(await servedBitcoinAddress(token)).toBe(applied ? THIRD_ADDRESS : NEW_ADDRESS);

    const missing = await decide(firstAdmin, '00000000-0000-4000-8000-000000000000', 'approve');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.adminChangeNotFound);
    expect((await decide(firstAdmin, 'not-an-id', 'approve')).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const { token } = await signUpAndLogin(t.app);
    expect(
      (await t.app.inject({ url: '/api/admin/pendingChanges', headers: bearer(token) })).statusCode,
    ).toBe(403);
    const decided = await decide(token, '00000000-0000-4000-8000-000000000000', 'approve');
    expect(decided.statusCode).toBe(403);
  });
});
