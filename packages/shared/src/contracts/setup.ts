import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { COINS } from '../transaction-kinds.ts';

export const depositCoinsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/depositCoins',
  access: 'user',
  summary: 'The coins a deposit can be paid in right now: those with a wallet address to pay to.',
  response: z.object({ data: z.array(z.enum(COINS)) }),
});

export const SETUP_STEPS = ['gateways', 'plans', 'reserve', 'mail', 'twoFactor'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SetupChecklistItemSchema = z.object({
  step: z.enum(SETUP_STEPS),
  isDone: z.boolean(),
});
export type SetupChecklistItem = z.infer<typeof SetupChecklistItemSchema>;

export const setupChecklistRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/setupChecklist',
  access: 'admin',
  permission: 'any',
  summary: "What an operator still has to set up before people can use the platform, in the order it's done.",
  response: z.object({
    data: z.object({ isComplete: z.boolean(), items: z.array(SetupChecklistItemSchema) }),
  }),
});
