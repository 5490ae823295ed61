import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './test-app.ts';

/** A multipart/form-data body, as the deposit forms send it. */
export function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; content: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vestora${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest valid PNG (1×1 transparent pixel). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export async function requestDeposit(
  app: FastifyInstance,
  token: string,
  amount: string,
  mode = 'btc',
  extraHeaders: Record<string, string> = {},
) {
  const { payload, headers } = multipart({ mode, amount });
  return app.inject({
    method: 'POST',
    url: '/api/user/deposit',
    payload,
    headers: { ...headers, ...bearer(token), ...extraHeaders },
  });
}

/** The id of the user's newest deposit, as the admin transaction list shows it. */
export async function newestDepositId(app: FastifyInstance, adminToken: string, userId: string) {
  const response = await app.inject({
    url: '/api/admin/allTransactions?type=deposit&pageSize=200',
    headers: bearer(adminToken),
  });
  const row = response.json().data.find((candidate: { userId: string }) => candidate.userId === userId);
  expect(row).toBeDefined();
  return row._id as string;
}

export async function fundUser(app: FastifyInstance, adminToken: string, userId: string, amount: number) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/admin/creditOrDebit/${userId}`,
    headers: bearer(adminToken),
    payload: { mode: 'credit', amount, reason: 'test funding' },
  });
  expect(response.statusCode).toBe(200);
}

export async function balanceOf(app: FastifyInstance, token: string, userId: string): Promise<number> {
  const response = await app.inject({ url: `/api/user/userprofile/${userId}`, headers: bearer(token) });
  return response.json().data.accountBalance;
}

export async function ledgerHealth(app: FastifyInstance, adminToken: string) {
  const response = await app.inject({ url: '/api/admin/ledger/health', headers: bearer(adminToken) });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

export async function verify(app: FastifyInstance, adminToken: string, userId: string) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/admin/verifyUser/${userId}`,
    headers: bearer(adminToken),
  });
  expect(response.statusCode).toBe(200);
}

/** Saves a withdrawal address through the API, as its owner does; it is usable after the cool-off. */
export async function saveWithdrawalAddress(
  app: FastifyInstance,
  token: string,
  input: { coin: string; address: string; password: string; label?: string },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/addresses',
    headers: bearer(token),
    payload: { label: 'My wallet', ...input },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { _id: string; usableAt: string; isUsable: boolean };
}

/** Saves the address and moves the test clock past its cool-off, so withdrawals may go to it. */
export async function saveUsableWithdrawalAddress(
  t: { app: FastifyInstance; config: { withdrawalSafety: { addressCoolOffMs: number } } },
  clock: { advance(ms: number): void },
  token: string,
  input: { coin: string; address: string; password: string; label?: string },
) {
  const saved = await saveWithdrawalAddress(t.app, token, input);
  clock.advance(t.config.withdrawalSafety.addressCoolOffMs + 1000);
  return saved;
}
