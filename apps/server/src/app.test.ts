import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUserInput, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ bodyLimitBytes: 16 * 1024 });
});
afterAll(async () => {
  await t.close();
});

async function countUsers(): Promise<number> {
  const { rows } = await t.pool.query<{ count: string }>('select count(*) from users');
  return Number(rows[0]?.count);
}

describe('malformed requests get a clear 4xx and change nothing', () => {
  const cases: { name: string; status: number; headers?: Record<string, string>; body: string }[] = [
    { name: 'broken JSON', status: 400, body: '{"fullName": "Ada' },
    { name: 'an empty JSON body', status: 400, body: '' },
    { name: 'a JSON array', status: 400, body: '[1,2,3]' },
    { name: 'JSON null', status: 400, body: 'null' },
    { name: 'a JSON string', status: 400, body: '"hello"' },
    { name: 'numbers for strings', status: 400, body: JSON.stringify({ ...newUserInput(), fullName: 42 }) },
    { name: 'nested objects', status: 400, body: JSON.stringify({ ...newUserInput(), email: { $gt: '' } }) },
    {
      name: 'a __proto__ key',
      status: 400,
      body: `{"__proto__": {"isAdmin": true}, "fullName": "Ada Lovelace"}`,
    },
    { name: 'a body over the limit', status: 413, body: JSON.stringify({ fullName: 'x'.repeat(20_000) }) },
    {
      name: 'an unsupported content type',
      status: 415,
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    },
    {
      name: 'very long strings',
      status: 400,
      body: JSON.stringify(newUserInput({ fullName: `A ${'b'.repeat(5000)}` })),
    },
  ];

  for (const { name, status, headers, body } of cases) {
    it(`answers ${name} with ${status}`, async () => {
      const before = await countUsers();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/signup',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect(response.statusCode).toBe(status);
      expect(typeof response.json().message).toBe('string');
      expect(await countUsers()).toBe(before);
    });
  }

  it('ignores unknown fields, so isAdmin cannot be smuggled in', async () => {
    const input = newUserInput();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: { ...input, isAdmin: true, isVerified: true },
    });
    expect(response.statusCode).toBe(201);
    const { rows } = await t.pool.query('select is_admin, is_verified from users where email = $1', [
      input.email,
    ]);
    expect(rows[0]).toEqual({ is_admin: false, is_verified: false });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/user/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Not found.');
  });

  it('answers a login with a wrong-typed rememberMe with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userNameOrEmail: 'a', password: 'b', rememberMe: 'yes' },
    });
    expect(response.statusCode).toBe(400);
  });
});
