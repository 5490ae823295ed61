import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import {
  LiabilityBalanceSchema,
  LiabilityListSchema,
  LiabilityProofSchema,
  LiabilitySnapshotSchema,
  ReserveSchema,
} from '../liabilities.ts';
import { COINS } from '../transaction-kinds.ts';

export const liabilitySnapshotsRoute = defineRoute({
  method: 'GET',
  path: '/api/liabilities',
  access: 'public',
  summary: 'Every signed proof-of-liabilities snapshot, newest first, with the public key that signed them.',
  response: z.object({ data: LiabilityListSchema }),
});

export const liabilityStatementRoute = defineRoute({
  method: 'GET',
  path: '/api/liabilities/:id/statement',
  access: 'public',
  summary: "A format 2 snapshot's signed statement, verbatim: its SHA-256 is the snapshot's statementHash.",
  params: z.object({ id: z.string() }),
  response: z.object({ data: z.object({ statement: z.string() }) }),
});

export const liabilityProofRoute = defineRoute({
  method: 'GET',
  path: '/api/user/liabilities/proof',
  access: 'user',
  summary: "The signed-in user's inclusion proof in the newest snapshot, or in `snapshot`.",
  query: z.object({ snapshot: z.string().max(100).optional() }),
  response: z.object({ data: LiabilityProofSchema }),
});

export const liabilityBalanceRoute = defineRoute({
  method: 'GET',
  path: '/api/user/liabilities/balance',
  access: 'user',
  summary: "The signed-in user's balance now, to set beside what a snapshot counted.",
  response: z.object({ data: LiabilityBalanceSchema }),
});

export const takeLiabilitySnapshotRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/liabilities/snapshots',
  access: 'admin',
  permission: 'config.manage',
  isReauthRequired: true,
  summary: 'Take and sign a solvency snapshot now: liabilities, reserves at one block per chain, ratios.',
  response: z.object({ data: LiabilitySnapshotSchema, message: z.string() }),
  status: 201,
});

const ReserveInputSchema = z.object({
  coin: z.enum(COINS),
  /** The address that signed: the reserve itself, or for an account key its receive address `childIndex`. */
  address: z.string().trim().min(1).max(100),
  /** The platform's watch-only account key (xpub/zpub/vpub): every deposit address it derives counts. */
  accountKey: z.string().trim().max(200).optional(),
  childIndex: z.number().int().min(0).max(2_147_483_647).optional(),
  challenge: z.string().max(1000),
  signature: z.string().trim().min(1).max(500),
});

export const reservesRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/reserves',
  access: 'admin',
  permission: 'config.manage',
  summary: 'The reserve addresses counted in each snapshot, with their ownership signatures.',
  response: z.object({ data: z.array(ReserveSchema) }),
});

export const reserveChallengeRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/reserves/challenge',
  access: 'admin',
  permission: 'config.manage',
  summary: "Today's text to sign with a reserve address: it names the platform, the address and the date.",
  query: z.object({
    address: z.string().trim().min(1).max(100),
    accountKey: z.string().trim().max(200).optional(),
  }),
  response: z.object({ data: z.object({ challenge: z.string() }) }),
});

export const registerReserveRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/reserves',
  access: 'admin',
  permission: 'config.manage',
  isReauthRequired: true,
  summary: 'Register a reserve address with its ownership signature over the challenge.',
  body: ReserveInputSchema,
  response: z.object({ data: ReserveSchema, message: z.string() }),
  status: 201,
});

export const removeReserveRoute = defineRoute({
  method: 'DELETE',
  path: '/api/admin/reserves/:id',
  access: 'admin',
  permission: 'config.manage',
  isReauthRequired: true,
  summary: 'Stop counting a reserve address from the next snapshot.',
  params: z.object({ id: z.string() }),
  response: z.object({ message: z.string() }),
});
