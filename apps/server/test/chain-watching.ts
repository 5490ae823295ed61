import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type ChainConfig, loadConfig } from '../src/config/env.ts';
import type { Database } from '../src/db/client.ts';
import type { Clock } from '../src/lib/clock.ts';
import { readUsdRate } from '../src/modules/chain/chain-rates.ts';
import type { ChainSource } from '../src/modules/chain/chain-source.ts';
import type { WatcherDeps } from '../src/modules/chain/chain-watcher.ts';
import { bearer } from './test-app.ts';

/** A node address the API tests name but never call: they run no watcher, and nothing listens there. */
export const NAMED_NODE = 'http://127.0.0.1:9/';

/**
 * The chain settings of an API test that saves keys: the defaults (mainnet) with both nodes named,
 * since a key nothing would watch is refused.
 */
export function nodesNamed(): { chain: ChainConfig } {
  return { chain: { ...loadConfig({}).chain, bitcoinRpcUrl: NAMED_NODE, ethereumRpcUrl: NAMED_NODE } };
}

/** The chain settings of a test server: the defaults, regtest, and the nodes given. */
export function chainConfig(overrides: Partial<ChainConfig>): { chain: ChainConfig } {
  return { chain: { ...loadConfig({}).chain, bitcoinNetwork: 'regtest', ...overrides } };
}

/** A clock the tests move by hand. */
export function manualClock(start = new Date('2026-11-23T12:00:00Z')): Clock & { advance(ms: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
  };
}

export function watcherDeps(db: Database, source: ChainSource, clock: Clock): WatcherDeps {
  return {
    db,
    source,
    clock,
    rateOf: readUsdRate,
    rateMaxAgeMs: 24 * 3_600_000,
    minDepositCents: 5_000n,
    bitcoinNetwork: 'regtest',
    log: { warn: () => {}, error: () => {} },
  };
}

/** The operator's rate, written as the rates module writes it. */
export async function setRate(
  db: Database,
  coin: 'btc' | 'eth',
  usdCents: bigint,
  setAt: Date,
): Promise<void> {
  await db.execute(sql`insert into exchange_rates (coin, usd_cents, set_at) values (${coin}, ${usdCents}, ${setAt})
    on conflict (coin) do update set usd_cents = excluded.usd_cents, set_at = excluded.set_at`);
}

export async function setWallet(
  app: FastifyInstance,
  adminToken: string,
  coin: string,
  xpub: string,
  confirmations: number,
) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/admin/wallets/${coin}`,
    headers: bearer(adminToken),
    payload: { xpub, confirmations },
  });
  expect(response.statusCode, response.body).toBe(200);
}

export async function depositAddressOf(app: FastifyInstance, token: string, coin: string): Promise<string> {
  const response = await app.inject({ url: `/api/user/depositAddress/${coin}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.address;
}

export type ShownPayment = {
  state: string;
  confirmations: number;
  requiredConfirmations: number;
  amount: number;
  coinAmount: string;
  rate: number | null;
  txId: string;
  txUrl: string;
};

export async function chainDepositsOf(app: FastifyInstance, token: string): Promise<ShownPayment[]> {
  const response = await app.inject({ url: '/api/user/chainDeposits', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** How many ledger transfers settled a payment: exactly one once credited, never two. */
export async function transfersSettling(db: Database, settlementKey: string): Promise<number> {
  const result = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from ledger_transfers where settlement_key = ${settlementKey}`,
  );
  return result.rows[0]?.total ?? 0;
}
