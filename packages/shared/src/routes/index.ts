/**
 * Every route's method and path, without its schemas: what the web client needs to call a route.
 * Importing a contract from the package's barrel brings its zod schemas (and zod itself) into the
 * browser's download; a page imports its routes from here instead (`@vestora/shared/routes`), under
 * the contracts' own names, and keeps the contract's types through `import type`. Each reference is
 * typed by its contract, so the compiler rejects a method or path that differs from it, and the
 * server's API reference test checks that every contract has one. One file per file of contracts:
 * a module goes into a download whole, so the first download carries only the references it calls.
 */

export * from './account.ts';
export * from './adjustments.ts';
export * from './admin-changes.ts';
export * from './admin-role.ts';
export * from './api-keys.ts';
export * from './api-reference.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './chain.ts';
export * from './deposits.ts';
export * from './files.ts';
export * from './gateways.ts';
export * from './history.ts';
export * from './identity.ts';
export * from './investments.ts';
export * from './ledger.ts';
export * from './liabilities.ts';
export * from './mail-alerts.ts';
export * from './notifications.ts';
export * from './passkeys.ts';
export * from './password-reset.ts';
export * from './plans.ts';
export * from './push.ts';
export * from './rates.ts';
export * from './sessions.ts';
export * from './setup.ts';
export * from './site.ts';
export * from './staff.ts';
export * from './statement.ts';
export * from './support.ts';
export * from './two-factor.ts';
export * from './users.ts';
export * from './webhooks.ts';
export * from './withdrawal-addresses.ts';
export * from './withdrawals.ts';
