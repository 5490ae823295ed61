export * from './ledger.ts';
export * from './liabilities.ts';
export * from './money.ts';
export * from './operations.ts';
export * from './plans.ts';
export * from './support.ts';
export * from './users.ts';
export * from './withdrawal-addresses.ts';
