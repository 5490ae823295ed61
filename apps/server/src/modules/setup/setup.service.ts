import { COINS, type Coin, type SetupChecklistItem } from '@vestora/shared';
import type { ChainConfig } from '../../config/env.ts';
import type { Executor } from '../../db/client.ts';
import { isWatched, listActiveWallets } from '../chain/chain.service.ts';
import { countAdminsWithoutTwoFactor } from '../two-factor/two-factor.service.ts';
import { countActivePlans, getYieldReserveCents, listCoinsWithGateway } from './setup.repo.ts';

/**
 * Coins a depositor can pay in, in the platform's order: only those with an address to pay to, the
 * operator's gateway or the user's own address derived from a watch-only wallet that a node watches.
 */
export async function listDepositCoins(db: Executor, chain: ChainConfig): Promise<Coin[]> {
  const [withGateway, wallets] = await Promise.all([listCoinsWithGateway(db), listActiveWallets(db)]);
  const watched = wallets.map((wallet) => wallet.coin).filter((coin) => isWatched(coin, chain));
  const payable = new Set([...withGateway, ...watched]);
  return COINS.filter((coin) => payable.has(coin));
}

/**
 * What a fresh install lacks before people can use it: somewhere to pay deposits, plans to invest
 * in, a reserve to pay their returns from, real e-mail, and a second factor on every admin account.
 */
export async function getSetupChecklist(
  db: Executor,
  { isMailConfigured, chain }: { isMailConfigured: boolean; chain: ChainConfig },
): Promise<{ isComplete: boolean; items: SetupChecklistItem[] }> {
  const [coins, activePlans, reserveCents, adminsWithoutTwoFactor] = await Promise.all([
    listDepositCoins(db, chain),
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
