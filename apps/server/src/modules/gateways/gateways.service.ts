import { type Coin, type Gateway, MESSAGES } from '@vestora/shared';
import QRCode from 'qrcode';
import type { Database, Executor } from '../../db/client.ts';
import { isAddressForCoin } from '../../lib/crypto-address.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction, type Transaction } from '../../lib/transaction.ts';
import { detectAllowedType, IMAGE_TYPES } from '../../lib/uploads.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Actor } from '../auth/auth.service.ts';
import { fileUrl, storeFile } from '../files/files.service.ts';
import { type GatewayRow, insertGateway, listActiveGateways, retireGateway } from './gateways.repo.ts';

function toGateway(row: GatewayRow): Gateway {
  return {
    _id: row.id,
    add: row.address,
    type: row.coin,
    image: fileUrl(row.imageFileId),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listGateways(db: Executor): Promise<Gateway[]> {
  return (await listActiveGateways(db)).map(toGateway);
}

/** What a depositor of `mode` pays to: the active gateways of that coin, the newest first. */
export async function gatewaysForCoin(db: Executor, coin: Coin): Promise<Gateway[]> {
  const rows = await listActiveGateways(db, { coin });
  if (rows.length === 0) throw new AppError('NOT_FOUND', MESSAGES.noGatewayForCoin);
  return rows.map(toGateway);
}

/** The address a deposit of `coin` is made to right now, with its QR image, if a gateway exists. */
export async function currentGateway(db: Executor, coin: Coin): Promise<GatewayRow | undefined> {
  const [row] = await listActiveGateways(db, { coin });
  return row;
}

/**
 * Adds a wallet address after checking it is a valid address of its coin. Without an image, the
 * QR code is generated from the address itself, so what depositors scan always matches what they read.
 */
export async function addGateway(
  tx: Transaction,
  actor: Actor,
  { address, coin, image }: { address: string; coin: Coin; image: Buffer | undefined },
): Promise<Gateway> {
  if (!isAddressForCoin(coin, address)) throw new AppError('BAD_REQUEST', MESSAGES.invalidAddress);
  const uploadedType = image ? await detectAllowedType(image, IMAGE_TYPES) : null;
  if (image && !uploadedType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.gatewayImageType);
  const file = await storeFile(tx, {
    content: image ?? (await QRCode.toBuffer(address, { type: 'png', margin: 2, width: 320 })),
    mimeType: uploadedType ?? 'image/png',
    ownerId: actor.user.id,
  });
  const row = await insertGateway(tx, { coin, address, imageFileId: file.id, createdBy: actor.user.id });
  const gateway = toGateway(row);
  await recordAudit(tx, actor, {
    action: 'gateway.add',
    targetType: 'gateway',
    targetId: row.id,
    after: gateway,
  });
  return gateway;
}

export async function deleteGateway(db: Database, actor: Actor, id: string): Promise<void> {
  await runInTransaction(db, async (tx) => {
    if (!(await retireGateway(tx, { id }))) throw new AppError('NOT_FOUND', MESSAGES.gatewayNotFound);
    await recordAudit(tx, actor, {
      action: 'gateway.delete',
      targetType: 'gateway',
      targetId: id,
      before: { status: 'active' },
      after: { status: 'deleted' },
    });
  });
}
