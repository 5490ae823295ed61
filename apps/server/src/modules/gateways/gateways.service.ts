import { COINS, type Coin, type Gateway, MESSAGES, networkLabel, networkOfAddress } from '@vestora/shared';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isAddressForCoin } from '../../lib/crypto-address.ts';
import { AppError } from '../../lib/errors.ts';
import { readQrCode } from '../../lib/qr-image.ts';
import { runInTransaction, type Transaction } from '../../lib/transaction.ts';
import { detectAllowedType, IMAGE_TYPES } from '../../lib/uploads.ts';
import { type AdminChangeHandler, proposeAdminChange } from '../admin-changes/admin-changes.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { listUsersWithPendingDepositsTo } from '../deposits/deposit-records.service.ts';
import { fileUrl, signedFileUrl, storeFile } from '../files/files.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { type GatewayRow, insertGateway, listActiveGateways, retireGateway } from './gateways.repo.ts';

/** Gateways are answered with their QR image's URL, which starts with `fileUrlBase`. */
interface GatewayDeps {
  db: Executor;
  config: Pick<AppConfig, 'fileUrlBase'>;
}

function toGateway(row: GatewayRow, fileUrlBase: string): Gateway {
  return {
    _id: row.id,
    add: row.address,
    type: row.coin,
    network: networkOfAddress(row.coin, row.address),
    image: fileUrl(fileUrlBase, row.imageFileId),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listGateways({ db, config }: GatewayDeps): Promise<Gateway[]> {
  return (await listActiveGateways(db)).map((row) => toGateway(row, config.fileUrlBase));
}

/** What a depositor of `mode` pays to: the active gateways of that coin, the newest first. */
export async function gatewaysForCoin({ db, config }: GatewayDeps, coin: Coin): Promise<Gateway[]> {
  const rows = await listActiveGateways(db, { coin });
  if (rows.length === 0) throw new AppError('NOT_FOUND', MESSAGES.noGatewayForCoin);
  return rows.map((row) => toGateway(row, config.fileUrlBase));
}

/** The address a deposit of `coin` is made to right now, with its QR image, if a gateway exists. */
export async function currentGateway(db: Executor, coin: Coin): Promise<GatewayRow | undefined> {
  const [row] = await listActiveGateways(db, { coin });
  return row;
}

/** Bech32 and hex addresses name the same account in either case; base58 ones are case-sensitive. */
function isSameAddress(expected: string, decoded: string): boolean {
  const isCaseless = /^(bc1|0x)/i.test(expected);
  return isCaseless ? expected.toLowerCase() === decoded.toLowerCase() : expected === decoded;
}

/**
 * An uploaded QR image must read as the address itself, or as a payment link to it
 * (`bitcoin:<address>?amount=…`), so a picture can never send depositors somewhere else.
 */
function checkQrImage(address: string, image: Buffer, imageType: string): void {
  if (imageType !== 'image/png') throw new AppError('BAD_REQUEST', MESSAGES.gatewayQrNotPng);
  const decoded = readQrCode(image);
  const target = decoded?.replace(/^[a-z]+:(\/\/)?/i, '').split(/[?@/]/)[0];
  if (!target || !isSameAddress(address, target))
    throw new AppError('BAD_REQUEST', MESSAGES.gatewayQrMismatch);
}

const GatewayChangeSchema = z.object({
  coin: z.enum(COINS),
  address: z.string(),
  imageFileId: z.uuid(),
});
type GatewayChange = z.infer<typeof GatewayChangeSchema>;

/**
 * Puts an address in front of depositors: the newest gateway of a coin is the one they are shown.
 * Whoever was told to pay the previous address for a deposit still pending is warned.
 */
async function applyGatewayChange(
  tx: Transaction,
  { approver, requestedBy }: { approver: Actor; requestedBy: string },
  change: GatewayChange,
): Promise<GatewayRow> {
  const previous = await currentGateway(tx, change.coin);
  const row = await insertGateway(tx, { ...change, createdBy: requestedBy });
  await recordAudit(tx, approver, {
    action: 'gateway.add',
    targetType: 'gateway',
    targetId: row.id,
    before: previous ? { add: previous.address } : null,
    // The image's path on the server, whatever address PUBLIC_URL names now or later.
    after: { ...toGateway(row, ''), requestedBy },
  });
  if (previous && previous.address !== row.address) {
    const waiting = await listUsersWithPendingDepositsTo(tx, {
      coin: change.coin,
      address: previous.address,
    });
    await notify(
      tx,
      ...waiting.map((userId) => ({
        userId,
        kind: 'deposit' as const,
        title: MESSAGES.depositAddressChangedTitle,
        body: MESSAGES.depositAddressChangedBody,
        link: '/user/deposit',
      })),
    );
  }
  return row;
}

/** How a gateway change is shown to the administrator asked to approve it, and applied. */
export const gatewayChangeHandler: AdminChangeHandler = {
  async describe(payload, deps) {
    const change = GatewayChangeSchema.parse(payload);
    return {
      address: change.address,
      network: networkLabel(change.coin, networkOfAddress(change.coin, change.address)),
      image: await signedFileUrl(deps, change.imageFileId),
    };
  },
  async apply(tx, context, payload) {
    await applyGatewayChange(tx, context, GatewayChangeSchema.parse(payload));
  },
};

export type AddGatewayResult =
  | { status: 'added'; gateway: Gateway }
  | { status: 'pending'; changeId: string };

/**
 * Adds a wallet address after checking it is a valid address of its coin and that an uploaded QR
 * image reads as it. Without an image, the QR code is generated from the address itself, so what
 * depositors scan always matches what they read. With more than one administrator, the address
 * waits for another one to approve it.
 */
export async function addGateway(
  tx: Transaction,
  deps: { clock: Clock; config: Pick<AppConfig, 'fileUrlBase' | 'chain'> },
  actor: Actor,
  { address, coin, image }: { address: string; coin: Coin; image: Buffer | undefined },
): Promise<AddGatewayResult> {
  if (!isAddressForCoin(coin, address, deps.config.chain.bitcoinNetwork))
    throw new AppError('BAD_REQUEST', MESSAGES.invalidAddress);
  const uploadedType = image ? await detectAllowedType(image, IMAGE_TYPES) : null;
  if (image && !uploadedType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.gatewayImageType);
  if (image && uploadedType) checkQrImage(address, image, uploadedType);
  const file = await storeFile(tx, {
    content: image ?? (await QRCode.toBuffer(address, { type: 'png', margin: 2, width: 320 })),
    mimeType: 'image/png',
    ownerId: actor.user.id,
  });
  const change: GatewayChange = { coin, address, imageFileId: file.id };
  const proposed = await proposeAdminChange(tx, actor, {
    kind: 'gateway.address',
    subject: coin,
    payload: change,
  });
  if (proposed) return { status: 'pending', changeId: proposed.id };
  const row = await applyGatewayChange(tx, { approver: actor, requestedBy: actor.user.id }, change);
  return { status: 'added', gateway: toGateway(row, deps.config.fileUrlBase) };
}

export async function deleteGateway(
  db: Database,
  { actor, now }: { actor: Actor; now: Date },
  id: string,
): Promise<void> {
  await runInTransaction(db, async (tx) => {
    if (!(await retireGateway(tx, { id, now }))) throw new AppError('NOT_FOUND', MESSAGES.gatewayNotFound);
    await recordAudit(tx, actor, {
      action: 'gateway.delete',
      targetType: 'gateway',
      targetId: id,
      before: { status: 'active' },
      after: { status: 'deleted' },
    });
  });
}
