import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StaffRole, TradeUser } from '@vestora/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config/env.ts';
import { connectDatabase, type Database, withClient } from '../src/db/client.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { Mail, Mailer } from '../src/lib/mailer.ts';
import { ensureFirstAdmin } from '../src/modules/auth/auth.service.ts';
import { databaseUrlFor } from './database-url.ts';

export const ADMIN = { email: 'admin@example.com', userName: 'admin', password: 'Admin#Pass1' };

export interface TestApp {
  app: FastifyInstance;
  databaseUrl: string;
  db: Database;
  pool: pg.Pool;
  config: AppConfig;
  close(): Promise<void>;
}

/** A server on a fresh database cloned from the migrated template, with the first admin seeded. */
interface TestAppOptions {
  clock?: Clock;
  mailer?: Mailer;
  logStream?: DestinationStream;
  /** Another test server whose database this one uses too: two servers, one PostgreSQL. */
  sharedWith?: TestApp;
}

/**
 * The usual test file: one app for all of its tests, started with the administrator signed in and
 * closed after them; `use` hands both to the file's own variables.
 */
export function withTestApp(
  use: (suite: { t: TestApp; adminToken: string }) => void,
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): void {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await createTestApp(overrides, options);
    use({ t: started, adminToken: (await login(started.app, ADMIN.email, ADMIN.password)).token });
  });
  afterAll(async () => {
    await started?.close();
  });
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  { clock, mailer, logStream, sharedWith }: TestAppOptions = {},
): Promise<TestApp> {
  const databaseUrl = sharedWith?.databaseUrl ?? (await createDatabaseFromTemplate());

  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'vestora-files-'));
  const config: AppConfig = {
    ...loadConfig({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
      DATA_DIR: filesDir,
      // Suites make many requests from one address; the tests of these limits set their own.
      RATE_LIMIT_PER_MINUTE: '100000',
      SIGNUPS_PER_HOUR: '100000',
      MAX_PENDING_DEPOSITS: '1000',
      MAX_PENDING_WITHDRAWALS: '1000',
      MAX_OPEN_TICKETS: '1000',
      // Suites withdraw more in a day than a basic account may; the limits by verification level have
      // tests of their own, with the defaults (withdrawal-limits.test.ts).
      BASIC_WITHDRAWAL_DAILY_USD: '1000000000',
      BASIC_WITHDRAWAL_MONTHLY_USD: '1000000000',
      FULL_WITHDRAWAL_DAILY_USD: '1000000000',
      FULL_WITHDRAWAL_MONTHLY_USD: '1000000000',
      // Staff act without a second factor in most suites; the rule has tests that turn it on.
      REQUIRE_ADMIN_2FA: 'false',
    }),
    ...overrides,
  };
  const connection = connectDatabase(databaseUrl);
  await ensureFirstAdmin(connection.db, config, () => {});
  const app = await buildApp({
    config,
    db: connection.db,
    logger: logStream !== undefined,
    ...(clock ? { clock } : {}),
    ...(mailer ? { mailer } : {}),
    ...(logStream ? { logStream } : {}),
  });
  return {
    app,
    db: connection.db,
    pool: connection.pool,
    config,
    databaseUrl,
    async close() {
      await app.close();
      await connection.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

async function createDatabaseFromTemplate(): Promise<string> {
  const serverUrl = inject('serverUrl');
  const template = inject('templateDatabase');
  const database = `${template}_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, (admin) => admin.query(`create database ${database} template ${template}`));
  return databaseUrlFor(serverUrl, database);
}

let userCounter = 0;

export function newUserInput(overrides: Record<string, string> = {}) {
  userCounter += 1;
  const tag = `${process.pid}${userCounter}${randomBytes(2).toString('hex')}`;
  return {
    fullName: 'Ada Lovelace',
    userName: `ada${tag}`,
    email: `ada${tag}@example.com`,
    password: 'Secret#Pass1',
    confirmPassword: 'Secret#Pass1',
    ...overrides,
  };
}

export async function login(
  app: FastifyInstance,
  userNameOrEmail: string,
  password: string,
): Promise<{ token: string; user: TradeUser }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { userNameOrEmail, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const body = response.json<{ token: string; data: TradeUser }>();
  return { token: body.token, user: body.data };
}

/**
 * A new account, its address confirmed and signed in. The confirmation is written directly, as if
 * the person had opened the link: email-confirmation.test.ts drives the link itself.
 */
export async function signUpAndLogin(app: FastifyInstance, overrides: Record<string, string> = {}) {
  const input = newUserInput(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/user/signup', payload: input });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  await markEmailConfirmed(app, input.email);
  return { ...(await login(app, input.userName, input.password)), input };
}

/** The address of the account that has it counts as confirmed from now on. */
export async function markEmailConfirmed(app: FastifyInstance, email: string): Promise<void> {
  await app.db.execute(
    sql`update users set email_confirmed_at = now() where lower(email) = ${email.toLowerCase()}`,
  );
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** A mailer that keeps what it is given, for tests that read the e-mails. */
export function createMailbox(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}

/** The newest e-mail to `to` with a matching subject, waited for: e-mail goes once its transaction commits. */
export async function waitForMail(mailbox: { sent: Mail[] }, to: string, subject: RegExp): Promise<Mail> {
  for (let tries = 0; tries < 100; tries += 1) {
    const mail = mailbox.sent.findLast((sent) => sent.to === to && subject.test(sent.subject));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(
    `no e-mail to ${to} matching ${subject}; sent: ${mailbox.sent.map((sent) => `${sent.to} ${sent.subject}`).join(' | ')}`,
  );
}

/**
 * Gives an account staff roles directly, as if the seeded owner had granted them long ago (by
 * default a year), so the delay on a new staff member's approvals does not apply unless a test
 * asks for a recent grant.
 */
export async function grantStaffRoles(
  app: FastifyInstance,
  userName: string,
  roles: readonly StaffRole[],
  { grantedAt = new Date(Date.now() - 365 * 24 * 3_600_000) }: { grantedAt?: Date } = {},
): Promise<void> {
  await app.db.execute(sql`update users set is_admin = ${roles.length > 0} where user_name = ${userName}`);
  await app.db.execute(
    sql`delete from staff_roles where user_id = (select id from users where user_name = ${userName})`,
  );
  for (const role of roles) {
    await app.db.execute(
      sql`insert into staff_roles (user_id, role, granted_at, granted_by)
          select id, ${role}, ${grantedAt}, (select id from users where email = ${ADMIN.email})
          from users where user_name = ${userName}`,
    );
  }
}
