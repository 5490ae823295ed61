export * from './account.ts';
export * from './auth.ts';
export * from './gateways.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './plans.ts';
export * from './transactions.ts';
export * from './user.ts';
