import {
  MESSAGES,
  permissionMissingMessage,
  ROLE_PERMISSIONS,
  type RouteContract,
  STAFF_PERMISSION_LABELS,
  STAFF_ROLES,
  type StaffRole,
} from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  grantStaffRoles,
  login,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';

/**
 * Every admin route called with every staff role: allowed exactly where the shared role table
 * (the console's too) says, 403 with the sentence elsewhere. The ids name nothing, so an allowed
 * call ends in its own 400 or 404 rather than changing anything.
 */

const NOBODY = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
const tokens = new Map<StaffRole, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of STAFF_ROLES) {
    const person = await signUpAndLogin(t.app);
    await grantStaffRoles(t.app, person.input.userName, [role]);
    tokens.set(role, (await login(t.app, person.input.userName, person.input.password)).token);
  }
});
afterAll(async () => {
  await t.close();
});

function urlOf(contract: RouteContract): string {
  return contract.path.replace(/:(\w+)/g, (_, name: string) => (name === 'coin' ? 'btc' : NOBODY));
}

function isAllowed(contract: RouteContract & { access: 'admin' }, role: StaffRole): boolean {
  return contract.permission === 'any' || ROLE_PERMISSIONS[role].includes(contract.permission);
}

describe('staff permissions on every admin route', () => {
  it('covers every admin route the server registers', () => {
    const adminRoutes = t.app.contracts.filter((contract) => contract.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(45);
  });

  it('lets each role through exactly where the role table says', async () => {
    const adminRoutes = t.app.contracts.filter(
      (contract): contract is RouteContract & { access: 'admin' } => contract.access === 'admin',
    );
    const mismatches: string[] = [];
    for (const contract of adminRoutes) {
      await Promise.all(
        STAFF_ROLES.map(async (role) => {
          const response = await t.app.inject({
            method: contract.method,
            url: urlOf(contract),
            headers: bearer(tokens.get(role) ?? ''),
            ...(contract.method === 'GET' || contract.method === 'DELETE' ? {} : { payload: {} }),
          });
          const body = String(response.headers['content-type']).includes('json') ? response.json() : {};
          const isRefusedForRole =
            response.statusCode === 403 &&
            contract.permission !== 'any' &&
            body.message === permissionMissingMessage(STAFF_PERMISSION_LABELS[contract.permission]);
          const expected = isAllowed(contract, role);
          if (expected === isRefusedForRole) {
            mismatches.push(
              `${role} ${contract.method} ${contract.path}: ${response.statusCode} ${body.message}`,
            );
          }
        }),
      );
    }
    expect(mismatches).toEqual([]);
  });

  it("staff who do not answer tickets cannot write in or close someone's ticket through the user's routes either", async () => {
    const customer = await signUpAndLogin(t.app);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/user/support',
      headers: bearer(customer.token),
      payload: { subject: 'Help', message: 'Where is my deposit?' },
    });
    expect(opened.statusCode).toBe(201);
    const ticketId = opened.json().data._id as string;
    const close = (role: StaffRole) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/user/support/${ticketId}/close`,
        headers: bearer(tokens.get(role) ?? ''),
      });
    expect((await close('auditor')).statusCode).toBe(404);
    expect((await close('finance')).statusCode).toBe(404);
    expect((await close('support')).statusCode).toBe(200);
  });

  it('an account without a role is refused every admin route as before', async () => {
    const { token } = await signUpAndLogin(t.app);
    const response = await t.app.inject({ url: '/api/admin/staff', headers: bearer(token) });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.adminOnly);
  });
});
