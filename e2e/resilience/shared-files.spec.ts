import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  E2E_ADMIN,
  embeddedDatabaseUrl,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';

/** Files live in PostgreSQL: two processes with different DATA_DIRs serve, and forget, the same files. */

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PASSWORD = 'Shared#Files1';
const dataDirs: string[] = [];
let first!: RunningServer;
let second!: RunningServer;

beforeAll(async () => {
  const firstDir = await freshDataDir();
  const secondDir = await freshDataDir();
  dataDirs.push(firstDir, secondDir);
  first = await startServer({ dataDir: firstDir });
  second = await startServer({
    dataDir: secondDir,
    env: { DATABASE_URL: await embeddedDatabaseUrl(firstDir) },
  });
}, 240_000);

afterAll(async () => {
  if (second) await stopServer(second);
  if (first) await stopServer(first);
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function send(server: RunningServer, method: string, url: string, token?: string, body?: unknown) {
  const isForm = body instanceof FormData;
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  return response;
}

async function logIn(server: RunningServer, identifier: string, password: string) {
  const response = await send(server, 'POST', '/api/user/login', undefined, {
    userNameOrEmail: identifier,
    password,
  });
  expect(response.status).toBe(200);
  const json = (await response.json()) as { token: string; data: { _id: string } };
  return { token: json.token, id: json.data._id };
}

function imageForm(field: string, content: Buffer, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set(field, new Blob([new Uint8Array(content)], { type: 'image/png' }), 'picture.png');
  return form;
}

async function fileFrom(server: RunningServer, url: string, token?: string) {
  const response = await send(server, 'GET', url, token);
  return { status: response.status, content: Buffer.from(await response.arrayBuffer()) };
}

describe('uploaded files across two processes with their own DATA_DIR', () => {
  it('serves a proof uploaded through one from the other, and forgets a replaced avatar on both', async () => {
    const userName = `files${Date.now() % 100000}`;
    const signup = await send(first, 'POST', '/api/user/signup', undefined, {
      fullName: 'Fiona Files',
      userName,
      email: `${userName}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(signup.status).toBe(201);
    const user = await logIn(first, userName, PASSWORD);
    const admin = await logIn(second, E2E_ADMIN.email, E2E_ADMIN.password);

    const proof = Buffer.concat([TINY_PNG, Buffer.from(`proof of ${userName}`)]);
    const deposit = await send(
      first,
      'POST',
      '/api/user/deposit',
      user.token,
      imageForm('image', proof, { mode: 'btc', amount: '100' }),
    );
    expect(deposit.status).toBe(200);
    const list = await send(
      second,
      'GET',
      '/api/admin/allTransactions?type=deposit&pageSize=50',
      admin.token,
    );
    const rows = ((await list.json()) as { data: { userId: string; image: string }[] }).data;
    const receipt = rows.find((row) => row.userId === user.id)?.image ?? '';
    expect(receipt).toMatch(/^\/api\/files\//);
    for (const server of [second, first]) {
      expect(await fileFrom(server, receipt)).toEqual({ status: 200, content: proof });
    }

    const firstPicture = Buffer.concat([TINY_PNG, Buffer.from('first picture')]);
    const uploaded = await send(
      second,
      'PUT',
      '/api/user/avatar',
      user.token,
      imageForm('image', firstPicture),
    );
    const oldAvatar = ((await uploaded.json()) as { data: { avatar: string } }).data.avatar;
    for (const server of [first, second]) {
      expect(await fileFrom(server, oldAvatar, user.token)).toEqual({ status: 200, content: firstPicture });
    }
    const secondPicture = Buffer.concat([TINY_PNG, Buffer.from('second picture')]);
    const replaced = await send(
      first,
      'PUT',
      '/api/user/avatar',
      user.token,
      imageForm('image', secondPicture),
    );
    expect(replaced.status).toBe(200);
    const newAvatar = ((await replaced.json()) as { data: { avatar: string } }).data.avatar;
    for (const server of [first, second]) {
      expect((await fileFrom(server, oldAvatar, user.token)).status).toBe(404);
      expect(await fileFrom(server, newAvatar, user.token)).toEqual({ status: 200, content: secondPicture });
    }
  });
});
