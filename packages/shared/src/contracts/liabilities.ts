import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import {
  LiabilityBalanceSchema,
  LiabilityListSchema,
  LiabilityProofSchema,
  LiabilitySnapshotSchema,
} from '../liabilities.ts';

export const liabilitySnapshotsRoute = defineRoute({
  method: 'GET',
  path: '/api/liabilities',
  access: 'public',
  summary: 'Every signed proof-of-liabilities snapshot, newest first, with the public key that signed them.',
  response: z.object({ data: LiabilityListSchema }),
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
  summary: 'Take and sign a proof-of-liabilities snapshot now.',
  response: z.object({ data: LiabilitySnapshotSchema, message: z.string() }),
  status: 201,
});
