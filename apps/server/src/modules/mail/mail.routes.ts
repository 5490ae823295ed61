import {
  alertPreferencesRoute,
  antiPhishingCodeRoute,
  MESSAGES,
  setAlertPreferencesRoute,
  setAntiPhishingCodeRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { getAntiPhishingCode, getMailChoices, setAntiPhishingCode, setMailChoices } from './mail.service.ts';

export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const writes = { onRequest: [throttle(app, 'write')] };

  route(app, antiPhishingCodeRoute, async ({ actor }) => ({
    data: await getAntiPhishingCode(app.db, actor.user.id),
  }));

  route(
    app,
    setAntiPhishingCodeRoute,
    async ({ actor, body }) => ({
      data: await setAntiPhishingCode(app.db, actor.user.id, body.code),
      message: body.code ? MESSAGES.antiPhishingCodeSaved : MESSAGES.antiPhishingCodeRemoved,
    }),
    writes,
  );

  route(app, alertPreferencesRoute, async ({ actor }) => ({
    data: await getMailChoices(app.db, actor.user.id),
  }));

  route(
    app,
    setAlertPreferencesRoute,
    async ({ actor, body }) => ({
      data: await setMailChoices(app.db, actor.user.id, body),
      message: MESSAGES.mailChoicesSaved,
    }),
    writes,
  );
}
