import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { PasskeyAssertionSchema } from './passkeys.ts';
import { COINS } from './transaction-kinds.ts';

export const AddWithdrawalAddressRequestSchema = z
  .object({
    coin: z.enum(COINS, { message: MESSAGES.unknownCoin }),
    address: z
      .string({ message: MESSAGES.invalidAddress })
      .trim()
      .min(1, MESSAGES.invalidAddress)
      .max(120, MESSAGES.invalidAddress),
    label: z
      .string({ message: MESSAGES.withdrawalAddressLabelRequired })
      .default('')
      .transform((label) => label.trim())
      .pipe(
        z
          .string()
          .min(1, MESSAGES.withdrawalAddressLabelRequired)
          .max(60, MESSAGES.withdrawalAddressLabelRequired),
      ),
    /** The current password: a stolen session alone cannot add a way out. */
    password: z.string({ message: MESSAGES.passwordWrong }).max(200, MESSAGES.passwordWrong).default(''),
    /** The authenticator or a recovery code, when two-factor sign-in is on. */
    code: z.string().trim().max(64).optional(),
    /** Instead of both, for an account with passkeys: an assertion bound to this very address. */
    passkey: PasskeyAssertionSchema.optional(),
  })
  .refine((input) => input.password.length > 0 || input.passkey !== undefined, {
    message: MESSAGES.withdrawalAddressNeedsPassword,
    path: ['password'],
  });
export type AddWithdrawalAddressRequest = z.input<typeof AddWithdrawalAddressRequestSchema>;

export const CancelWithdrawalAddressRequestSchema = z.object({
  token: z.string({ message: MESSAGES.withdrawalAddressCancelLinkInvalid }).min(1).max(200),
});

export const WithdrawalAddressSchema = z.object({
  _id: z.string(),
  coin: z.enum(COINS),
  address: z.string(),
  label: z.string(),
  /** When its cool-off ends (ISO time); before then no withdrawal may go to it. */
  usableAt: z.string(),
  isUsable: z.boolean(),
  createdAt: z.string(),
});
export type WithdrawalAddress = z.infer<typeof WithdrawalAddressSchema>;

export const WithdrawalAddressBookSchema = z.object({
  data: z.array(WithdrawalAddressSchema),
  /** Withdrawals are refused until this time after a credential change; null when they are not. */
  withdrawalsLockedUntil: z.string().nullable(),
  /** How long a new address waits before money may go to it (WITHDRAWAL_ADDRESS_COOLOFF_HOURS). */
  coolOffHours: z.number(),
});
export type WithdrawalAddressBook = z.infer<typeof WithdrawalAddressBookSchema>;
