import { Writable } from 'node:stream';
import {
  API_KEY_MESSAGES,
  type ApiKey,
  apiKeyPermissionNotHeldMessage,
  MESSAGES,
  permissionMissingMessage,
  STAFF_PERMISSION_LABELS,
  STAFF_PERMISSIONS,
  type StaffPermission,
  type StaffRole,
} from '@vestora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  bearer,
  createTestApp,
  grantStaffRoles,
  login,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';
import { verifyAuditChain } from '../audit/audit.service.ts';
import { isAddressInRanges } from './api-keys.service.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await t.close();
});

interface KeyInput {
  name?: string;
  permissions: StaffPermission[];
  allowedRanges?: string[];
  expiresInDays?: number;
}

function createKeyRequest(token: string, input: KeyInput, app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: bearer(token),
    payload: { name: 'CRM sync', expiresInDays: 30, ...input },
  });
}

async function createKey(token: string, input: KeyInput): Promise<{ key: ApiKey; secret: string }> {
  const response = await createKeyRequest(token, input);
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  expect(body.message).toBe(API_KEY_MESSAGES.created);
  return { key: body.data, secret: body.secret };
}

function withKey(
  secret: string,
  request: { method?: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; remoteAddress?: string },
  app = t.app,
) {
  return app.inject({ method: 'GET', ...request, headers: bearer(secret) });
}

function revoke(token: string, id: string, app = t.app) {
  return app.inject({ method: 'POST', url: `/api/admin/api-keys/${id}/revoke`, headers: bearer(token) });
}

const READ_USERS = { url: '/api/user/getallusers' };

async function staffMember(roles: StaffRole[]) {
  const person = await signUpAndLogin(t.app);
  await grantStaffRoles(t.app, person.input.userName, roles);
  const token = (await login(t.app, person.input.userName, person.input.password)).token;
  return { ...person, token };
}

async function newUserId(): Promise<string> {
  return (await signUpAndLogin(t.app)).user._id;
}

describe('creating a key', () => {
  it('shows the secret once and keeps only its hash and first characters', async () => {
    const { key, secret } = await createKey(adminToken, { permissions: ['users.read'] });
    expect(secret).toMatch(/^vst_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'CRM sync',
      prefix: secret.slice(0, 10),
      permissions: ['users.read'],
      allowedRanges: [],
      lastUsedAt: null,
      revokedAt: null,
    });
    const listed = await t.app.inject({ url: '/api/admin/api-keys', headers: bearer(adminToken) });
    expect(JSON.stringify(listed.json())).not.toContain(secret.slice(10));

    const rows = await t.db.execute<Record<string, unknown>>(sql`select * from api_keys`);
    const stored = JSON.stringify(rows.rows);
    expect(stored).toContain(key._id);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice(10));
    const audit = await t.db.execute(sql`select after::text as after from audit_log`);
    expect(JSON.stringify(audit.rows)).not.toContain(secret.slice(10));
  });

  it('is audited, with what the key may do', async () => {
    const { key } = await createKey(adminToken, { name: 'Alerting', permissions: ['money.read'] });
    const entries = await t.db.execute<{ action: string; after: Record<string, unknown> }>(
      sql`select action, after from audit_log where target_id = ${key._id}`,
    );
    expect(entries.rows).toEqual([
      {
        action: 'apiKey.create',
        after: expect.objectContaining({ name: 'Alerting', permissions: ['money.read'], allowedRanges: [] }),
      },
    ]);
  });

  it('refuses a permission its creator does not hold', async () => {
    const support = await staffMember(['support']);
    const response = await createKeyRequest(support.token, { permissions: ['users.read', 'money.adjust'] });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      apiKeyPermissionNotHeldMessage(STAFF_PERMISSION_LABELS['money.adjust']),
    );
    const rows = await t.db.execute(sql`select id from api_keys where owner_id = ${support.user._id}`);
    expect(rows.rows).toEqual([]);
  });

  it('refuses a malformed name, lifetime, permission or address range', async () => {
    const cases: [object, string][] = [
      [{ name: ' ', permissions: ['users.read'] }, API_KEY_MESSAGES.nameRequired],
      [{ permissions: ['users.read'], expiresInDays: 366 }, API_KEY_MESSAGES.expiryRange],
      [{ permissions: ['users.read'], expiresInDays: 0 }, API_KEY_MESSAGES.expiryRange],
      [{ permissions: [] }, API_KEY_MESSAGES.permissionsRequired],
      [{ permissions: ['users.fly'] }, API_KEY_MESSAGES.permissionUnknown],
      [{ permissions: ['users.read'], allowedRanges: ['10.0.0.0/33'] }, API_KEY_MESSAGES.rangeInvalid],
      [{ permissions: ['users.read'], allowedRanges: ['example.com'] }, API_KEY_MESSAGES.rangeInvalid],
    ];
    for (const [input, message] of cases) {
      const response = await createKeyRequest(adminToken, input as KeyInput);
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('needs a fresh confirmation of the password: the key outlives the session', async () => {
    const person = await staffMember(['owner']);
    await t.db.execute(
      sql`update sessions set reauthenticated_at = now() - interval '1 day' where user_id = ${person.user._id}`,
    );
    const response = await createKeyRequest(person.token, { permissions: ['users.read'] });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: MESSAGES.staffReauthNeeded, reauthRequired: true });
  });
});

describe('a key on the admin API', () => {
  it('with read-only permissions reads users but cannot verify or suspend one', async () => {
    const { secret } = await createKey(adminToken, { permissions: ['users.read'] });
    expect((await withKey(secret, READ_USERS)).statusCode).toBe(200);
    const userId = await newUserId();
    for (const url of [`/api/admin/verifyUser/${userId}`, `/api/admin/suspendUser/${userId}`]) {
      const response = await withKey(secret, { method: 'PUT', url });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(permissionMissingMessage(STAFF_PERMISSION_LABELS['users.manage']));
    }
  });

  it('loses a permission at once when its owner does, and everything when the owner is no longer staff', async () => {
    const person = await staffMember(['compliance']);
    const { secret } = await createKey(person.token, { permissions: ['users.read', 'users.manage'] });
    expect(
      (await withKey(secret, { method: 'PUT', url: `/api/admin/verifyUser/${await newUserId()}` }))
        .statusCode,
    ).toBe(200);

    await grantStaffRoles(t.app, person.input.userName, ['support']);
    const refused = await withKey(secret, {
      method: 'PUT',
      url: `/api/admin/verifyUser/${await newUserId()}`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(permissionMissingMessage(STAFF_PERMISSION_LABELS['users.manage']));
    expect((await withKey(secret, READ_USERS)).statusCode).toBe(200);

    await grantStaffRoles(t.app, person.input.userName, []);
    const gone = await withKey(secret, READ_USERS);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe(API_KEY_MESSAGES.ownerInactive);
  });

  it('is refused once its owner is suspended', async () => {
    const person = await staffMember(['owner']);
    const { secret } = await createKey(person.token, { permissions: ['users.read'] });
    await t.db.execute(sql`update users set suspended = true where id = ${person.user._id}`);
    const response = await withKey(secret, READ_USERS);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(API_KEY_MESSAGES.ownerInactive);
  });

  it('names itself in the audit entry of each write it makes, and the chain still holds', async () => {
    const { key, secret } = await createKey(adminToken, { name: 'KYC bot', permissions: ['users.manage'] });
    const userId = await newUserId();
    expect(
      (await withKey(secret, { method: 'PUT', url: `/api/admin/verifyUser/${userId}` })).statusCode,
    ).toBe(200);
    const entries = await t.db.execute<{ actor_id: string; after: Record<string, unknown> }>(
      sql`select actor_id, after from audit_log where action = 'user.verify' and target_id = ${userId}`,
    );
    expect(entries.rows).toEqual([
      {
        actor_id: await adminId(),
        after: expect.objectContaining({ viaApiKey: { id: key._id, name: 'KYC bot' } }),
      },
    ]);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it('leaves a record of every call, reads and refusals included, and shows its last use', async () => {
    const { key, secret } = await createKey(adminToken, { permissions: ['users.read'] });
    const callsOfKey = async () =>
      (
        await t.db.execute<{ method: string; path: string; status_code: number; ip: string }>(
          sql`select method, path, status_code, ip from api_key_calls where api_key_id = ${key._id} order by id`,
        )
      ).rows;
    const read = await withKey(secret, {
      url: '/api/user/getallusers?search=zz',
      remoteAddress: '198.51.100.7',
    });
    expect(read.statusCode).toBe(200);
    // Recorded once answered: waited for, so the next call's record comes after it.
    await vi.waitFor(async () => expect(await callsOfKey()).toHaveLength(1));
    const userId = await newUserId();
    const write = await withKey(secret, { method: 'PUT', url: `/api/admin/verifyUser/${userId}` });
    expect(write.statusCode).toBe(403);
    await vi.waitFor(async () =>
      expect(await callsOfKey()).toEqual([
        { method: 'GET', path: '/api/user/getallusers', status_code: 200, ip: '198.51.100.7' },
        { method: 'PUT', path: `/api/admin/verifyUser/${userId}`, status_code: 403, ip: '127.0.0.1' },
      ]),
    );
    const listed = (await t.app.inject({ url: '/api/admin/api-keys', headers: bearer(adminToken) })).json()
      .data as ApiKey[];
    const shown = listed.find((each) => each._id === key._id);
    expect(shown?.lastUsedAt).not.toBeNull();
    expect(shown?.lastUsedIp).toBe('127.0.0.1');
  });

  it('is refused when expired', async () => {
    const { key, secret } = await createKey(adminToken, { permissions: ['users.read'] });
    await t.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${key._id}`,
    );
    const response = await withKey(secret, READ_USERS);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(API_KEY_MESSAGES.expired);
  });

  it('answers only from its address ranges', async () => {
    const { secret } = await createKey(adminToken, {
      permissions: ['users.read'],
      allowedRanges: ['203.0.113.0/24', '2001:db8::1'],
    });
    expect((await withKey(secret, { ...READ_USERS, remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
    expect((await withKey(secret, { ...READ_USERS, remoteAddress: '2001:db8::1' })).statusCode).toBe(200);
    for (const remoteAddress of ['198.51.100.1', '2001:db8::2', '127.0.0.1']) {
      const response = await withKey(secret, { ...READ_USERS, remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(403);
      expect(response.json().message).toBe(API_KEY_MESSAGES.addressNotAllowed);
    }
  });

  it('is refused when unknown', async () => {
    const response = await withKey(`vst_${'A'.repeat(43)}`, READ_USERS);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(API_KEY_MESSAGES.unknown);
  });
});

describe('what a key can never do', () => {
  let secret: string;
  beforeAll(async () => {
    ({ secret } = await createKey(adminToken, { name: 'All of it', permissions: [...STAFF_PERMISSIONS] }));
  });

  it('approve: it sees why in the inbox, and the approve route refuses it', async () => {
    const second = await staffMember(['owner']);
    const person = await signUpAndLogin(t.app);
    const proposed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/creditOrDebit/${person.user._id}`,
      headers: bearer(second.token),
      payload: { mode: 'credit', amount: 5000, reason: 'Goodwill' },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const inbox = await withKey(secret, { url: '/api/admin/pendingChanges' });
    expect(inbox.statusCode).toBe(200);
    const change = (inbox.json().data as { _id: string; subject: string; refusal: string | null }[]).find(
      (each) => each.refusal !== null,
    );
    expect(change?.refusal).toBe(API_KEY_MESSAGES.cannotApprove);

    const approved = await withKey(secret, {
      method: 'PUT',
      url: `/api/admin/pendingChanges/${change?._id}/approve`,
    });
    expect(approved.statusCode).toBe(403);
    expect(approved.json().message).toBe(API_KEY_MESSAGES.needsPerson);
    const approvals = await t.db.execute(
      sql`select 1 from admin_change_approvals where change_id = ${change?._id}`,
    );
    expect(approvals.rows).toEqual([]);
  });

  it('act where a person must confirm: suspend a user, re-authenticate, create a key', async () => {
    const userId = await newUserId();
    for (const request of [
      { method: 'PUT' as const, url: `/api/admin/suspendUser/${userId}` },
      { method: 'POST' as const, url: '/api/admin/reauthenticate', payload: { password: ADMIN.password } },
      {
        method: 'POST' as const,
        url: '/api/admin/api-keys',
        payload: { name: 'Child', expiresInDays: 30, permissions: ['users.read'] },
      },
    ]) {
      const response = await withKey(secret, request);
      expect(response.statusCode, request.url).toBe(403);
      expect(response.json().message).toBe(API_KEY_MESSAGES.needsPerson);
    }
  });

  it("act as an account on the account's own routes", async () => {
    for (const url of [`/api/user/userprofile/${await adminId()}`, '/api/user/sessions']) {
      const response = await withKey(secret, { url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(API_KEY_MESSAGES.userRouteRefused);
    }
  });
});

describe('revoking a key', () => {
  it('refuses it at once on another server sharing the database, to every parallel request', async () => {
    const other = await createTestApp({}, { sharedWith: t });
    try {
      const { key, secret } = await createKey(adminToken, { permissions: ['users.read'] });
      expect((await withKey(secret, READ_USERS, other.app)).statusCode).toBe(200);
      const revoked = await revoke(adminToken, key._id);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().message).toBe(API_KEY_MESSAGES.revoked);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) => withKey(secret, READ_USERS, index % 2 ? other.app : t.app)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(401));
      expect(answers[0]?.json().message).toBe(API_KEY_MESSAGES.revokedKey);
    } finally {
      await other.close();
    }
  });

  it('is audited, done once, and only by its owner', async () => {
    const { key } = await createKey(adminToken, { permissions: ['users.read'] });
    const stranger = await staffMember(['owner']);
    const foreign = await revoke(stranger.token, key._id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(API_KEY_MESSAGES.notFound);
    expect((await revoke(adminToken, key._id)).statusCode).toBe(200);
    const again = await revoke(adminToken, key._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(API_KEY_MESSAGES.alreadyRevoked);
    const entries = await t.db.execute<{ action: string }>(
      sql`select action from audit_log where target_id = ${key._id} order by seq`,
    );
    expect(entries.rows.map((entry) => entry.action)).toEqual(['apiKey.create', 'apiKey.revoke']);
  });

  it("lists only the staff member's own keys", async () => {
    const person = await staffMember(['support']);
    const { key } = await createKey(person.token, { permissions: ['support.read'] });
    const mine = (await t.app.inject({ url: '/api/admin/api-keys', headers: bearer(person.token) })).json()
      .data;
    expect(mine.map((each: ApiKey) => each._id)).toEqual([key._id]);
    const admins = (await t.app.inject({ url: '/api/admin/api-keys', headers: bearer(adminToken) })).json()
      .data;
    expect(admins.map((each: ApiKey) => each._id)).not.toContain(key._id);
  });
});

describe('the rate limit of a key', () => {
  it('answers 429 beyond API_KEY_RATE_LIMIT_PER_MINUTE, per key', async () => {
    const limited = await createTestApp({ apiKeyRateLimitPerMinute: 3 }, { sharedWith: t });
    try {
      const { secret } = await createKey(adminToken, { permissions: ['users.read'] });
      const { secret: otherSecret } = await createKey(adminToken, { permissions: ['users.read'] });
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => withKey(secret, READ_USERS, limited.app)),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
      const refused = answers.find((answer) => answer.statusCode === 429);
      expect(refused?.json().message).toBe(MESSAGES.tooManyRequests);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      expect((await withKey(otherSecret, READ_USERS, limited.app)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the logs', () => {
  it('never hold the secret, whatever the request', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({ logLevel: 'trace' }, { sharedWith: t, logStream });
    try {
      const { key, secret } = await createKey(adminToken, { permissions: ['users.read'] });
      expect(
        (await withKey(secret, { url: `/api/user/getallusers?key=${secret}` }, logged.app)).statusCode,
      ).toBe(200);
      expect(
        (await withKey(secret, { method: 'PUT', url: `/api/admin/verifyUser/${key._id}` }, logged.app))
          .statusCode,
      ).toBe(403);
      expect((await withKey(secret, { url: '/api/admin/nothing-here' }, logged.app)).statusCode).toBe(404);
      await revoke(adminToken, key._id);
      expect((await withKey(secret, READ_USERS, logged.app)).statusCode).toBe(401);
      const text = lines.join('');
      expect(text).toContain('/api/user/getallusers');
      expect(text).not.toContain(secret.slice(4));
    } finally {
      await logged.close();
    }
  });
});

describe('the API reference', () => {
  it('says that staff API keys and session tokens are both bearer tokens', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.bearer.description).toContain('staff API key (`vst_…`');
    expect(document.paths['/api/admin/api-keys'].post['x-reauth-required']).toBe(true);
  });
});

describe('address ranges', () => {
  it('match IPv4 and IPv6 addresses and ranges, and IPv4 callers on a dual-stack socket', () => {
    expect(isAddressInRanges('10.1.2.3', [])).toBe(true);
    expect(isAddressInRanges('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(isAddressInRanges('::ffff:10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(isAddressInRanges('11.1.2.3', ['10.0.0.0/8'])).toBe(false);
    expect(isAddressInRanges('2001:db8::5', ['2001:db8::/64'])).toBe(true);
    expect(isAddressInRanges('2001:db9::5', ['2001:db8::/64', '10.0.0.1'])).toBe(false);
  });
});

async function adminId(): Promise<string> {
  const rows = await t.db.execute<{ id: string }>(sql`select id from users where email = ${ADMIN.email}`);
  return rows.rows[0]?.id ?? '';
}
