import { z } from 'zod';
import { SetWalletRequestSchema } from './chain.ts';

/** What the card sends besides whether it only previews. */
const WalletKeySchema = SetWalletRequestSchema.omit({ preview: true });

/**
 * A wallet card's form: the extended public key and the confirmations, a text input read as a
 * number, checked as the request the server reads (SetWalletRequestSchema) in its own words. Whether
 * it only previews the addresses is the card's to say, not a field.
 */
export const WalletFormSchema = z
  .object({ xpub: z.string(), confirmations: z.string() })
  .transform(
    ({ xpub, confirmations }): z.input<typeof WalletKeySchema> => ({
      xpub,
      confirmations: Number(confirmations),
    }),
  )
  .pipe(WalletKeySchema);
export type WalletForm = z.input<typeof WalletFormSchema>;
