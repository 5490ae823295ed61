import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { amountCents } from './transactions.ts';

/** A price as typed, checked as SetRatesRequestSchema checks it; the text itself is what is sent. */
const ratePrice = z.string().superRefine((price, ctx) => {
  amountCents(price, ctx, MESSAGES.rateInvalid);
});

/** The exchange rates panel's form: each coin's price, its problem on its own field. */
export const RatesFormSchema = z.object({ btc: ratePrice, eth: ratePrice });
export type RatesForm = z.input<typeof RatesFormSchema>;
