/**
 * Client texts of specification sections 5 and 8 that only the deposit screens show and no form
 * checks (the entry and proof rules, with their texts, are packages/shared deposit-forms.ts).
 * /user/deposit shows the server's minimum (MIN_DEPOSIT_USD, read from /api/site).
 */
export const DEPOSIT_TEXTS = {
  minimumHint: (minimumUsd: number) => `Minimum: ${minimumUsd}.00 USD`,
  gatewayFailed: 'Failed to fetch gateway details. Please try again later.',
} as const;
