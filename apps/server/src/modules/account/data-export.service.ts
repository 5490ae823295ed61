import {
  DATA_EXPORT_MESSAGES,
  DATA_EXPORTS_PER_DAY,
  dataExportLimitMessage,
  VERIFICATION_LEVEL_LABELS,
} from '@vestora/shared';
import { strToU8, type Zippable, zipSync } from 'fflate';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { DAY_MS } from '../../lib/time.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { listRecentActTimes, recordAudit } from '../audit/audit.service.ts';
import { confirmIdentity, type IdentityProof } from '../auth/reauthentication.service.ts';
import { getUserHistory } from '../history/history.service.ts';
import type { DocumentKey } from '../identity/document-sealing.ts';
import { identityExportOf } from '../identity/identity.service.ts';
import { verificationLevelOf } from '../identity/verification-level.ts';
import { listInvestments } from '../investments/investments.service.ts';
import { getNotifications } from '../notifications/notifications.service.ts';
import { getPasskeys } from '../passkeys/passkeys.service.ts';
import { pushExportOf } from '../push/push.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { listOwnSessions } from '../sessions/sessions.service.ts';
import { statementCsvOf } from '../statement/statement.service.ts';
import { listTickets } from '../support/support.service.ts';
import { getLoginHistory } from '../two-factor/two-factor.service.ts';
import { toTradeUser } from '../users/users.mapper.ts';
import { loadUserRecord, lockActiveUserOrFail } from '../users/users.service.ts';
import { getAddressBook } from '../withdrawal-addresses/withdrawal-addresses.service.ts';
import { getWithdrawals } from '../withdrawals/withdrawals.service.ts';
import { getProfileDetails } from './account.service.ts';

export interface DataExportDeps {
  db: Database;
  config: AppConfig;
  clock: Clock;
  documentKey: DocumentKey;
}

export interface DataExport {
  fileName: string;
  content: Buffer;
}

const EXPORT_ACTION = 'account.data_export';

/** Rows read per page of a list; most people have far fewer of anything. */
const PAGE_SIZE = 500;

const README = `Your data at Vestora
====================

This archive holds the records of your account, as of the moment it was made.

profile.json               Your account: names, e-mail address, phone, address, dates, balances and
                           verification level. Your password, two-factor secret and recovery codes
                           are stored only as one-way hashes and are not included.
sessions.json              The devices signed in to your account now: device, network address, when
                           each signed in and when it was last seen.
login-events.json          Every sign-in attempt on your account, successful or not.
transactions.csv           Your statement since the account opened: every movement of your account
                           balance with the balance after it, as History exports it.
deposits.json              Your deposits and their state.
withdrawals.json           Your withdrawals, their state and their payout.
investments.json           Your investment plans and their returns.
support-tickets.json       Your support conversations, with every message.
notifications.json         The notifications shown to you.
withdrawal-addresses.json  Your saved withdrawal addresses.
passkeys.json              Your passkeys' names and dates (the keys stay on your devices).
push-notifications.json    The browsers that get your notifications (their push service addresses)
                           and which notifications you chose to have pushed.
verification/              Your identity verification: verifications.json holds each submission
                           with its details and review, and the images are the documents and selfie
                           you sent, decrypted.

Keep this archive safe: it holds your identity documents.
`;

/** Every item of a paged list, page by page. */
async function allPages<Item>(
  readPage: (page: number) => Promise<{ data: Item[]; total: number }>,
): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page += 1) {
    const { data, total } = await readPage(page);
    items.push(...data);
    if (data.length === 0 || items.length >= total) return items;
  }
}

/**
 * Everything Vestora holds on the person, as they see it (never a hash, secret or token), with how
 * many of each went in: the counts are what the audit keeps. Read through the pool, outside the
 * export's transaction: it holds the person's row lock, and waiting there for a second connection
 * could starve the pool when one person sends many exports at once.
 */
async function collectOwnData(deps: DataExportDeps, actor: Actor) {
  const { db } = deps;
  const userId = actor.user.id;
  const record = await loadUserRecord(db, userId);
  const user = toTradeUser(record, deps.config.fileUrlBase);
  const details = await getProfileDetails(db, userId);
  const level = await verificationLevelOf(db, record.user);
  const profile = {
    id: user._id,
    userName: user.userName,
    fullName: user.fullName,
    email: user.email,
    isEmailConfirmed: user.isEmailConfirmed,
    ...details,
    verificationLevel: VERIFICATION_LEVEL_LABELS[level],
    createdAt: user.createdAt,
    lastSignInAt: user.login,
    accountBalance: user.accountBalance,
    totalDeposit: user.totalDeposit,
    totalWithdrawn: user.totalWithdrawn,
    totalProfit: user.totalProfit,
  };
  // One read after another: an export holds one connection of the pool at a time, not a dozen.
  const pages = { userId, pageSize: PAGE_SIZE };
  const sessions = await listOwnSessions(db, actor);
  const loginEvents = await allPages((page) => getLoginHistory(db, { ...pages, page }));
  const statement = await statementCsvOf(db, userId);
  const deposits = await allPages((page) =>
    getUserHistory(db, deps.config.chain, actor, { type: 'deposit', page, pageSize: PAGE_SIZE }),
  );
  const withdrawals = await allPages((page) => getWithdrawals(db, deps.config.chain, { ...pages, page }));
  const investments = await listInvestments(db, userId);
  const supportTickets = await allPages((page) => listTickets(db, { ...pages, page }));
  const notifications = await allPages((page) => getNotifications(db, { ...pages, page }));
  const addressBook = await getAddressBook(deps, userId);
  const passkeys = await getPasskeys(db, actor);
  const pushNotifications = await pushExportOf(db, userId);
  const identity = await identityExportOf(deps, userId);

  const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
  const files: Zippable = {
    'README.txt': strToU8(README),
    'profile.json': json(profile),
    'sessions.json': json(sessions),
    'login-events.json': json(loginEvents),
    'transactions.csv': strToU8(statement.content),
    'deposits.json': json(deposits),
    'withdrawals.json': json(withdrawals),
    'investments.json': json(investments),
    'support-tickets.json': json(supportTickets),
    'notifications.json': json(notifications),
    'withdrawal-addresses.json': json(addressBook.data),
    'passkeys.json': json(passkeys),
    'push-notifications.json': json(pushNotifications),
    'verification/verifications.json': json(identity.verifications),
  };
  for (const image of identity.images) {
    // Named with their folder, as verifications.json names them; compressed already, so stored as they are.
    files[image.fileName] = [image.content, { level: 0 }];
  }
  const counts = {
    sessions: sessions.length,
    loginEvents: loginEvents.length,
    transactions: statement.rows,
    deposits: deposits.length,
    withdrawals: withdrawals.length,
    investments: investments.length,
    supportTickets: supportTickets.length,
    notifications: notifications.length,
    withdrawalAddresses: addressBook.data.length,
    passkeys: passkeys.length,
    verifications: identity.verifications.length,
    verificationImages: identity.images.length,
  };
  return { userName: user.userName, files, counts };
}

/**
 * A zip of everything Vestora holds on the signed-in person, identity documents included, once
 * they prove who they are: a stolen session alone must not take someone's passport. At most
 * DATA_EXPORTS_PER_DAY in any 24 hours, counted from the audit log under the person's row lock, so
 * parallel requests, on any number of servers, are counted one after the other. Each export is
 * audited with how many of each thing it held, never what.
 */
export async function exportOwnData(
  deps: DataExportDeps,
  actor: Actor,
  proof: IdentityProof,
): Promise<DataExport> {
  const userId = actor.user.id;
  if (!proof.password && !proof.passkey) {
    throw new AppError('BAD_REQUEST', DATA_EXPORT_MESSAGES.passwordRequired);
  }
  await confirmIdentity(deps, userId, proof);
  // Read first without the lock, so a person at the limit is refused before anything is read.
  await refusePastLimit(deps.db, userId);
  const { userName, files, counts } = await collectOwnData(deps, actor);
  await runInTransaction(deps.db, async (tx) => {
    // Held to commit, where this export's audit entry lands: the next one waits here, then counts it.
    await lockActiveUserOrFail(tx, userId, 'no key update');
    await refusePastLimit(tx, userId);
    await recordAudit(tx, actor, {
      action: EXPORT_ACTION,
      targetType: 'user',
      targetId: userId,
      after: counts,
    });
  });
  const now = deps.clock.now();
  return {
    fileName: `vestora-data-${userName.replace(/[^A-Za-z0-9._-]/g, '_')}-${now.toISOString().slice(0, 10)}.zip`,
    content: Buffer.from(zipSync(files, { mtime: now })),
  };
}

async function refusePastLimit(tx: Executor, userId: string): Promise<void> {
  const times = await listRecentActTimes(tx, { actorId: userId, action: EXPORT_ACTION, withinMs: DAY_MS });
  const oldestCounted = times.at(-DATA_EXPORTS_PER_DAY);
  if (oldestCounted) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      dataExportLimitMessage(new Date(oldestCounted.getTime() + DAY_MS)),
    );
  }
}
