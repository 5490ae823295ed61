import { adminRatesRoute, MESSAGES, setRatesRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { getExchangeRates, setExchangeRates } from './rates.service.ts';

export async function rateRoutes(app: FastifyInstance): Promise<void> {
  route(app, adminRatesRoute, async () => ({ data: await getExchangeRates(app.db) }));

  route(
    app,
    setRatesRoute,
    async ({ actor, body }) => ({
      data: await setExchangeRates({ db: app.db, clock: app.clock }, actor, body),
      message: MESSAGES.ratesSaved,
    }),
    { onRequest: [throttle(app, 'write')] },
  );
}
