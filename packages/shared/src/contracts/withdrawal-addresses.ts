import { z } from 'zod';
import { defineRoute, idParams, MessageResponseSchema } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import {
  AddWithdrawalAddressRequestSchema,
  CancelWithdrawalAddressRequestSchema,
  WithdrawalAddressBookSchema,
  WithdrawalAddressSchema,
} from '../withdrawal-addresses.ts';

export const withdrawalAddressesRoute = defineRoute({
  method: 'GET',
  path: '/api/user/addresses',
  access: 'user',
  summary:
    "The signed-in user's withdrawal addresses, each with the time its cool-off ends, and whether withdrawals are locked.",
  response: WithdrawalAddressBookSchema,
});

export const addWithdrawalAddressRoute = defineRoute({
  method: 'POST',
  path: '/api/user/addresses',
  access: 'user',
  summary:
    'Save a withdrawal address (current password required); it becomes usable after the cool-off, and the owner is e-mailed a link that cancels it.',
  body: AddWithdrawalAddressRequestSchema,
  response: z.object({ data: WithdrawalAddressSchema, message: z.string() }),
  status: 201,
});

export const removeWithdrawalAddressRoute = defineRoute({
  method: 'DELETE',
  path: '/api/user/addresses/:id',
  access: 'user',
  summary: 'Remove a withdrawal address from the book.',
  params: idParams(MESSAGES.withdrawalAddressNotFound),
  response: MessageResponseSchema,
});

export const cancelWithdrawalAddressRoute = defineRoute({
  method: 'POST',
  path: '/api/user/addresses/cancel',
  access: 'public',
  summary: 'The link in the e-mail announcing a new address: removes that address.',
  body: CancelWithdrawalAddressRequestSchema,
  response: MessageResponseSchema,
});
