/*
 * The coins and the kinds of transaction, apart from the schemas built on them: pages list and label
 * them without loading zod.
 */

export const COINS = ['btc', 'eth', 'usdt'] as const;
export type Coin = (typeof COINS)[number];
export const TRANSACTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/**
 * Where an approved withdrawal's money is: waiting for the transaction that pays it, that
 * transaction on chain and confirming, or paid.
 */
export const PAYOUT_STATES = ['awaitingPayment', 'broadcast', 'paid'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];
/** What the admin transactions list holds: a deposit or a withdrawal request. */
export const TRANSACTION_TYPES = ['deposit', 'withdrawal'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const HISTORY_TYPES = [...TRANSACTION_TYPES, 'adjustment', 'plan'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];
