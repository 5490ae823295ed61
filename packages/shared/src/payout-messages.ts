/**
 * The texts of payouts on chain (issue 29): approving, recording a payment, Bitcoin batches. Apart
 * from MESSAGES because only the console and the server use them, and MESSAGES goes with every
 * first page (decision 010).
 */
export const PAYOUT_MESSAGES = {
  withdrawalApprovedAwaitingPayment:
    'Withdrawal approved and its coin amount fixed. Pay it from a registered reserve address, then give the transaction hash.',
  payoutRateMissing:
    'Set a current USD rate for this coin under Exchange rates before approving: the coin amount is fixed at approval.',
  payoutReferenceOnChain:
    'This withdrawal is checked on chain: approve it without a reference, pay it, then give the transaction hash.',
  payoutTxHashInvalid: 'Enter the transaction hash: 0x followed by 64 hexadecimal characters.',
  payoutNotAwaiting: 'This withdrawal is not waiting for a payment.',
  payoutNodeUnreachable:
    'The transaction could not be read: the Ethereum node named in ETHEREUM_RPC_URL did not answer. Try again once it runs.',
  payoutTxNotFound: 'The Ethereum node does not know this transaction. Check the hash and the network.',
  payoutTxNotMined: 'This transaction is not in a block yet. Give its hash again once it is mined.',
  payoutTxFailed: 'This transaction failed on chain and paid nothing.',
  payoutWrongAddress: "This transaction does not pay this withdrawal's address in its coin.",
  payoutFromUnregistered:
    'This transaction is paid from an address that is not a registered reserve. Register the paying address on the Solvency page, then give the hash again.',
  payoutTxUsed: 'This transaction already pays another withdrawal.',
  payoutTxAccepted:
    'Transaction accepted. The withdrawal is marked paid once the transaction has its confirmations.',
  payoutTxConfirmed: 'Transaction accepted and confirmed. The withdrawal is paid.',
  payoutBatchNeedsNode:
    'No Bitcoin node is configured: set BITCOIN_RPC_URL and restart the server to pay Bitcoin withdrawals in a batch.',
  payoutBatchNeedsWallet:
    "Set the Bitcoin wallet key under Wallets first: a batch spends its addresses' outputs and sends the change back to it.",
  payoutBatchWithdrawalsInvalid:
    'Choose approved Bitcoin withdrawals that wait for their payment and are in no other batch.',
  payoutBatchFeeRateInvalid: 'Enter the fee rate as a whole number of sat/vB, from 1 to 10000.',
  payoutBatchCreated:
    'Batch created. Sign its PSBT in your wallet, then upload the signed PSBT or the raw transaction.',
  payoutBatchNotFound: 'This payout batch does not exist.',
  payoutBatchNotOpen: 'This batch is no longer open: it was broadcast or cancelled.',
  payoutBatchCancelled: 'Batch cancelled. Its withdrawals wait for a payment again and its outputs are free.',
  payoutBatchUnreadable: 'This is neither a PSBT (base64) nor a raw transaction (hex).',
  payoutBatchUnsigned:
    'This PSBT is not fully signed: sign every input in your wallet, then upload it again.',
  payoutBatchSignedRequired: 'Paste the signed PSBT or the raw transaction.',
  payoutBatchOtherInputs: "This transaction spends other outputs than the batch's.",
  payoutBatchSpendsOtherBatch: 'This transaction spends outputs locked by another open batch.',
  payoutBatchExtraOutput: 'This transaction adds an output the batch does not have.',
  payoutBatchChangedOutput: "This transaction pays an address or an amount other than the batch's.",
  payoutBatchDiffers: "This transaction differs from the batch's (version, lock time or sequence).",
  payoutBatchBroadcast:
    'Transaction broadcast. Its withdrawals are marked paid once it has its confirmations.',
  payoutInOpenBatch: 'This withdrawal is in an open payout batch: cancel the batch first.',
} as const;

/** A payout transaction that pays the withdrawal's address less than the coin amount fixed at approval. */
export function payoutTooLittleMessage(paid: string, owed: string, symbol: string): string {
  return `This transaction pays ${paid} ${symbol}; the withdrawal is owed ${owed} ${symbol}.`;
}

/** Spendable outputs that do not cover a batch: what there is, in BTC. */
export function payoutBatchNotEnoughFundsMessage(available: string): string {
  return `The spendable outputs (${available} BTC) do not cover these withdrawals and the fee. Fund a deposit or reserve address, or choose fewer withdrawals.`;
}

/** The node refused the signed transaction: it is followed in blocks all the same. */
export function payoutBatchNodeRefusedMessage(answer: string): string {
  return `The node did not take the transaction (${answer}). It is followed in blocks all the same: relay it through another node if it does not confirm.`;
}
