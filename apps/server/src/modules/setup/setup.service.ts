import { COINS, type Coin, type SetupChecklistItem } from '@vestora/shared';
import type { Executor } from '../../db/client.ts';
import { countAdminsWithoutTwoFactor } from '../two-factor/two-factor.repo.ts';
import { countActivePlans, getYieldReserveCents, listCoinsWithGateway } from './setup.repo.ts';

/** Coins a depositor can pay in, in the platform's order: only those with an address to pay to. */
export async function listDepositCoins(db: Executor): Promise<Coin[]> {
  const withGateway = new Set(await listCoinsWithGateway(db));
  return COINS.filter((coin) => withGateway.has(coin));
}

/**
 * What a fresh install lacks before people can use it: somewhere to pay deposits, plans to invest
 * in, a reserve to pay their returns from, real e-mail, and a second factor on every admin account.
 */
export async function getSetupChecklist(
  db: Executor,
  { isMailConfigured }: { isMailConfigured: boolean },
): Promise<{ isComplete: boolean; items: SetupChecklistItem[] }> {
  const [coins, activePlans, reserveCents, adminsWithoutTwoFactor] = await Promise.all([
    listCoinsWithGateway(db),
    countActivePlans(db),
    getYieldReserveCents(db),
    countAdminsWithoutTwoFactor(db),
  ]);
  const items: SetupChecklistItem[] = [
    { step: 'gateways', isDone: coins.length > 0 },
    { step: 'plans', isDone: activePlans > 0 },
    { step: 'reserve', isDone: reserveCents > 0n },
    { step: 'mail', isDone: isMailConfigured },
    { step: 'twoFactor', isDone: adminsWithoutTwoFactor === 0 },
  ];
  return { isComplete: items.every((item) => item.isDone), items };
}
