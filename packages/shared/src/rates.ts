import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { amountCents } from './transactions.ts';

/** Coins priced by the operator; USDT is worth one dollar by definition. */
export const RATED_COINS = ['btc', 'eth'] as const;
export type RatedCoin = (typeof RATED_COINS)[number];

/** A USD price per coin, each a number or a decimal string with at most two decimals, above zero. */
export const SetRatesRequestSchema = z
  .object({ btc: z.unknown().optional(), eth: z.unknown().optional() })
  .transform((input, ctx) => ({
    btc: amountCents(input.btc, ctx, MESSAGES.rateInvalid),
    eth: amountCents(input.eth, ctx, MESSAGES.rateInvalid),
  }));
export type SetRatesRequest = z.input<typeof SetRatesRequestSchema>;

export const ExchangeRateSchema = z.object({
  /** USD per coin, two decimals: "65000.00". */
  usd: z.string(),
  setAt: z.string(),
  setBy: z.string().nullable(),
});
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>;

export const ExchangeRatesSchema = z.object({
  btc: ExchangeRateSchema.nullable(),
  eth: ExchangeRateSchema.nullable(),
});
export type ExchangeRates = z.infer<typeof ExchangeRatesSchema>;
