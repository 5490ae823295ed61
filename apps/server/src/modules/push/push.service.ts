import { createECDH } from 'node:crypto';
import {
  MAX_PUSH_SUBSCRIPTIONS,
  type Notification,
  PUSH_MESSAGES,
  type PushChoices,
  type PushMessage,
  type PushSubscriptionRequest,
} from '@vestora/shared';
import webpush from 'web-push';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { oncePerDatabase, sharedSecret } from '../app-secrets/app-secrets.service.ts';
import { OutboundRequestError, resolveDestination } from '../webhooks/outbound-request.ts';
import {
  deleteOldestPushSubscriptions,
  deletePushSubscriptionsOfUser,
  deleteUserPushSubscription,
  findPushPreferences,
  insertPushOutbox,
  insertPushSubscription,
  listPushSubscriptionsOf,
  listPushTargets,
  lockPushSubscriber,
  lockPushSubscriptionByEndpoint,
  type NewPushOutboxRow,
  updatePushSubscriptionKeys,
  upsertPushPreferences,
} from './push.repo.ts';

const VAPID_SECRET = 'vapid_keys';

export interface VapidKeys {
  /** Base64url, as browsers take it for `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair that signs every push, created by whichever process starts first and kept in
 * `app_secrets`: browsers subscribe with its public key, so every process must sign with the same one.
 */
export const vapidKeys = oncePerDatabase(
  async (db): Promise<VapidKeys> =>
    JSON.parse(await sharedSecret(db, VAPID_SECRET, () => JSON.stringify(webpush.generateVAPIDKeys()))),
);

export async function getPushPublicKey(db: Database): Promise<{ publicKey: string }> {
  return { publicKey: (await vapidKeys(db)).publicKey };
}

/**
 * Turns pushes on for a browser. Its endpoint names it: sent again, it is the same subscription
 * (with the keys sent last); sent by another account (someone else signed in on that browser), the
 * previous owner's subscription and waiting pushes go, so nothing of theirs reaches the new user.
 */
export async function subscribeToPushes(
  db: Database,
  { userId, now, allowPrivateNetworks }: { userId: string; now: Date; allowPrivateNetworks: boolean },
  { endpoint, keys }: PushSubscriptionRequest,
): Promise<void> {
  assertUsableKey(keys.p256dh);
  await assertPushableEndpoint(endpoint, allowPrivateNetworks);
  await runInTransaction(db, async (tx) => {
    await lockPushSubscriber(tx, { endpoint, userId });
    const existing = await lockPushSubscriptionByEndpoint(tx, { endpoint });
    if (existing?.userId === userId) {
      await updatePushSubscriptionKeys(tx, { id: existing.id, ...keys });
      return;
    }
    if (existing) await deleteUserPushSubscription(tx, { userId: existing.userId, endpoint });
    await insertPushSubscription(tx, { userId, endpoint, ...keys, createdAt: now });
    await deleteOldestPushSubscriptions(tx, { userId, keep: MAX_PUSH_SUBSCRIPTIONS });
  });
}

export async function unsubscribeFromPushes(
  db: Executor,
  { userId, endpoint }: { userId: string; endpoint: string },
): Promise<void> {
  const isRemoved = await deleteUserPushSubscription(db, { userId, endpoint });
  if (!isRemoved) throw new AppError('NOT_FOUND', PUSH_MESSAGES.subscriptionNotFound);
}

/** A closed or deleted account: none of its browsers is told anything more. */
export async function forgetPushSubscriptionsOf(tx: Executor, userId: string): Promise<void> {
  await deletePushSubscriptionsOfUser(tx, { userId });
}

/** The browser's key must be a point of P-256, or no push to it could ever be encrypted. */
function assertUsableKey(p256dh: string): void {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
  } catch {
    throw new AppError('BAD_REQUEST', PUSH_MESSAGES.keysInvalid);
  }
}

/**
 * The endpoint is chosen by a browser but sent by a person: one on the platform's own network is
 * refused now, and again at every push (the sender resolves it each time). A host that does not
 * resolve at the moment is let through; the sender retries it.
 */
async function assertPushableEndpoint(endpoint: string, allowPrivateNetworks: boolean): Promise<void> {
  try {
    await resolveDestination(endpoint, { allowPrivateNetworks });
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    if (error.isRefused) throw new AppError('BAD_REQUEST', PUSH_MESSAGES.endpointRefused);
  }
}

export async function getPushChoices(db: Executor, userId: string): Promise<PushChoices> {
  const row = await findPushPreferences(db, { userId });
  return {
    deposits: row?.deposits ?? true,
    withdrawals: row?.withdrawals ?? true,
    tickets: row?.tickets ?? true,
  };
}

/** For the person's data export: the browsers that get their notifications, and which ones they get. */
export async function pushExportOf(db: Executor, userId: string) {
  const browsers = await listPushSubscriptionsOf(db, { userId });
  return {
    choices: await getPushChoices(db, userId),
    browsers: browsers.map((browser) => ({
      endpoint: browser.endpoint,
      subscribedAt: browser.createdAt.toISOString(),
    })),
  };
}

export async function setPushChoices(
  db: Executor,
  userId: string,
  choices: PushChoices,
): Promise<PushChoices> {
  const row = await upsertPushPreferences(db, { userId, ...choices });
  return { deposits: row.deposits, withdrawals: row.withdrawals, tickets: row.tickets };
}

/**
 * Which notifications are pushed, each under the choice that turns it off; account notices
 * (verification, sessions ended, second factor reset, reserves) are security notices and always
 * are, as their e-mails always go. Plan and adjustment notices stay in the app.
 */
const PUSHED_KINDS: Partial<Record<Notification['kind'], keyof PushChoices | 'always'>> = {
  deposit: 'deposits',
  withdrawal: 'withdrawals',
  support: 'tickets',
  account: 'always',
};

/** What a lock screen shows is short; a push body is limited to about 4 KB once encrypted. */
const MAX_BODY_CHARS = 500;

interface PushedNotification {
  userId: string;
  kind: Notification['kind'];
  title: string;
  body: string;
  link?: string | null;
}

/**
 * Queues a push of each notification to every browser of its user that wants it, in the
 * transaction that creates the notification: the push exists exactly when the notification does,
 * and goes after commit.
 */
export async function queuePushes(tx: Executor, notifications: PushedNotification[]): Promise<void> {
  const pushed = notifications.filter((notification) => PUSHED_KINDS[notification.kind] !== undefined);
  if (pushed.length === 0) return;
  const targets = await listPushTargets(tx, { userIds: [...new Set(pushed.map((item) => item.userId))] });
  const rows: NewPushOutboxRow[] = [];
  for (const notification of pushed) {
    const choice = PUSHED_KINDS[notification.kind];
    if (!choice) continue;
    const message: PushMessage = {
      title: notification.title,
      body:
        notification.body.length > MAX_BODY_CHARS
          ? `${notification.body.slice(0, MAX_BODY_CHARS - 1)}…`
          : notification.body,
      url: notification.link ?? '/user/notifications',
    };
    for (const target of targets) {
      if (target.userId !== notification.userId) continue;
      if (choice !== 'always' && !target[choice]) continue;
      rows.push({
        subscriptionId: target.subscriptionId,
        message,
        urgency: choice === 'always' ? 'high' : 'normal',
      });
    }
  }
  await insertPushOutbox(tx, rows);
}
