import { MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: { token: string; id: string };

beforeAll(async () => {
  t = await createTestApp();
  const session = await login(t.app, ADMIN.email, ADMIN.password);
  owner = { token: session.token, id: session.user._id };
});
afterAll(async () => {
  await t.close();
});

function call(token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function staffList() {
  const response = await call(owner.token, 'GET', '/api/admin/staff');
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: { _id: string; roles: { role: string; grantedAt: string; canApproveFrom: string }[] }[];
    policy: { kind: string; quorum: number; eligible: number }[];
  };
}

describe('staff roles with a single owner', () => {
  it('sets roles at once, lists them with when their holder may approve, and e-mails nothing it should not', async () => {
    const person = await signUpAndLogin(t.app);
    await verify(t.app, owner.token, person.user._id);
    const set = await call(owner.token, 'PUT', `/api/admin/staff/${person.user._id}/roles`, {
      roles: ['finance', 'support'],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: MESSAGES.staffRolesSaved, isPending: false });

    const { data, policy } = await staffList();
    const member = data.find((row) => row._id === person.user._id);
    expect(member?.roles.map((grant) => grant.role)).toEqual(['finance', 'support']);
    const [grant] = member?.roles ?? [];
    const delay = Date.parse(grant?.canApproveFrom ?? '') - Date.parse(grant?.grantedAt ?? '');
    expect(delay).toBe(72 * 3_600_000);
    // The seeded owner was made by the platform itself: no delay.
    const seeded = data.find((row) => row._id === owner.id)?.roles[0];
    expect(seeded?.canApproveFrom).toBe(seeded?.grantedAt);
    expect(policy.find((rule) => rule.kind === 'withdrawal')).toEqual({
      kind: 'withdrawal',
      quorum: 2,
      eligible: 2,
    });

    // The new holder is staff at once for reading, under their roles' permissions.
    const profile = await t.app.inject({ url: '/api/admin/withdrawals', headers: bearer(person.token) });
    expect(profile.statusCode).toBe(200);
  });

  it('refuses unknown roles, unverified accounts and removing the last owner, changing nothing', async () => {
    const person = await signUpAndLogin(t.app);
    const unknown = await call(owner.token, 'PUT', `/api/admin/staff/${person.user._id}/roles`, {
      roles: ['king'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MESSAGES.staffRoleUnknown);
    const unverified = await call(owner.token, 'PUT', `/api/admin/staff/${person.user._id}/roles`, {
      roles: ['auditor'],
    });
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json().message).toBe(MESSAGES.administratorRoleNeedsVerified);
    const lastOwner = await call(owner.token, 'PUT', `/api/admin/staff/${owner.id}/roles`, {
      roles: ['finance'],
    });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().message).toBe(MESSAGES.lastOwner);
    const missing = await call(
      owner.token,
      'PUT',
      '/api/admin/staff/00000000-0000-4000-8000-000000000000/roles',
      {
        roles: [],
      },
    );
    expect(missing.statusCode).toBe(404);
    const { data } = await staffList();
    expect(data.some((row) => row._id === person.user._id)).toBe(false);
    expect(data.find((row) => row._id === owner.id)?.roles.map((grant) => grant.role)).toEqual(['owner']);
  });

  it('changes the policy at once while no other owner can approve, within what the staff can reach', async () => {
    const tooSmall = await call(owner.token, 'PUT', '/api/admin/approvalPolicy', {
      kind: 'credit',
      quorum: 0,
    });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().message).toBe(MESSAGES.quorumRange);
    const unknown = await call(owner.token, 'PUT', '/api/admin/approvalPolicy', { kind: 'lunch', quorum: 2 });
    expect(unknown.statusCode).toBe(400);
    const unreachable = await call(owner.token, 'PUT', '/api/admin/approvalPolicy', {
      kind: 'staff',
      quorum: 3,
    });
    expect(unreachable.statusCode).toBe(409);
    expect(unreachable.json().message).toBe(MESSAGES.quorumTooLarge);
    const saved = await call(owner.token, 'PUT', '/api/admin/approvalPolicy', { kind: 'credit', quorum: 1 });
    expect(saved.json()).toEqual({ message: MESSAGES.policySaved, isPending: false });
    expect((await staffList()).policy.find((rule) => rule.kind === 'credit')?.quorum).toBe(1);
    await call(owner.token, 'PUT', '/api/admin/approvalPolicy', { kind: 'credit', quorum: 2 });
  });

  it('confirms the password for sudo mode, and refuses a wrong or empty one', async () => {
    const empty = await call(owner.token, 'POST', '/api/admin/reauthenticate', { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.staffReauthPasswordNeeded);
    const wrong = await call(owner.token, 'POST', '/api/admin/reauthenticate', { password: 'Wrong#Pass9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.passwordWrong);
    const right = await call(owner.token, 'POST', '/api/admin/reauthenticate', { password: ADMIN.password });
    expect(right.json().message).toBe(MESSAGES.staffReauthConfirmed);
  });

  it('the public proof-of-liabilities list says who approves payouts', async () => {
    const response = await t.app.inject({ url: '/api/liabilities' });
    expect(response.json().data.governance).toEqual({ approvers: 2, eligible: 2 });
  });
});
