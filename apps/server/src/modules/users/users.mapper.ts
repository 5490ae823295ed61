import { type AdminUserRow, centsToUsd, type TradeUser } from '@vestora/shared';
import { fileUrl } from '../files/files.service.ts';
import type { UserRow, UserWithFigures } from './users.repo.ts';

const NO_MONEY: Omit<UserWithFigures, 'user'> = {
  availableCents: 0n,
  totalDepositCents: 0n,
  totalWithdrawnCents: 0n,
  planReturnCents: 0n,
};

/**
 * Shapes a stored user into the specification's record. Only listed fields leave the server, so a
 * password hash can never leak; every figure comes from the ledger and the deposit tables.
 */
export function toTradeUser(
  { user, ...figures }: { user: UserRow } & Partial<UserWithFigures>,
  fileUrlBase: string,
): TradeUser {
  const money = { ...NO_MONEY, ...figures };
  return {
    _id: user.id,
    userName: user.userName,
    fullName: user.fullName,
    email: user.email,
    deposits: (money.recentDeposits ?? []).map((deposit) => ({
      _id: deposit._id,
      mode: deposit.mode,
      amount: centsToUsd(BigInt(deposit.amount_cents)),
      status: deposit.status,
      createdAt: new Date(deposit.created_at).toISOString(),
    })),
    accountBalance: centsToUsd(money.availableCents),
    totalProfit: centsToUsd(money.planReturnCents),
    totalDeposit: centsToUsd(money.totalDepositCents),
    totalWithdrawn: centsToUsd(money.totalWithdrawnCents),
    totaInterest: centsToUsd(money.planReturnCents),
    isAdmin: user.isAdmin,
    suspended: user.suspended,
    status: user.status,
    login: user.lastLoginAt?.toISOString() ?? null,
    isVerified: user.isVerified,
    isEmailConfirmed: user.emailConfirmedAt !== null,
    createdAt: user.createdAt.toISOString(),
    avatar: user.avatarFileId ? fileUrl(fileUrlBase, user.avatarFileId) : null,
  };
}

export function toAdminUserRow(
  record: { user: UserRow } & Partial<UserWithFigures>,
  fileUrlBase: string,
): AdminUserRow {
  const tradeUser = toTradeUser(record, fileUrlBase);
  return { ...tradeUser, acctBalance: tradeUser.accountBalance };
}
