import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * The add-gateway dialog's form: the wallet address and its coin, both needed, checked in the
 * server's words (GatewayRequestSchema) before the multipart request is sent. The one problem is
 * marked on the first field missing: the address, else the coin.
 */
export const GatewayFormSchema = z
  .object({ add: z.string().trim(), type: z.string() })
  .superRefine(({ add, type }, ctx) => {
    const missing = !add ? 'add' : !type ? 'type' : null;
    if (missing) ctx.addIssue({ code: 'custom', message: MESSAGES.gatewayFieldsRequired, path: [missing] });
  });
export type GatewayForm = z.input<typeof GatewayFormSchema>;
