export * from './ledger.ts';
export * from './money.ts';
export * from './users.ts';
export * from './plans.ts';
export * from './support.ts';
