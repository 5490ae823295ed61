import { base64, hex } from '@scure/base';
import type { HDKey } from '@scure/bip32';
import { Address, OutScript, p2wpkh, Transaction } from '@scure/btc-signer';
import type { ChainConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { listOutpointSpends } from './bitcoin-reserves.repo.ts';
import { followBitcoinOutputs } from './bitcoin-reserves.ts';
import { listPaidDepositAddresses } from './chain.repo.ts';
import { type BitcoinNetwork, bitcoinNetworkParams } from './chain-keys.ts';
import { createJsonRpc } from './json-rpc.ts';

/** An output the platform's keys can spend: a P2WPKH output of a deposit, change or reserve address. */
export interface SpendableOutput {
  txid: string;
  vout: number;
  address: string;
  scriptHex: string;
  amountBaseUnits: bigint;
}

export interface PayoutOutput {
  address: string;
  amountBaseUnits: bigint;
}

/** Virtual bytes of a transaction's fixed part, of a P2WPKH input, and of an output besides its script. */
const OVERHEAD_VBYTES = 11;
const P2WPKH_INPUT_VBYTES = 68;
const OUTPUT_VBYTES_BESIDES_SCRIPT = 9;
/** Change worth less than spending it would cost is left to the fee (Bitcoin Core's P2WPKH dust). */
const DUST_BASE_UNITS = 294n;
const P2WPKH_SCRIPT_BYTES = 22;

export class NotEnoughFunds extends Error {
  constructor(readonly availableBaseUnits: bigint) {
    super('the spendable outputs do not cover the payouts and the fee');
  }
}

/** The output script paying an address of the network, which btc-signer checks against it. */
function addressScript(address: string, network: BitcoinNetwork): Uint8Array {
  return OutScript.encode(Address(bitcoinNetworkParams(network)).decode(address));
}

export interface PlannedBatch {
  inputs: SpendableOutput[];
  feeBaseUnits: bigint;
  changeBaseUnits: bigint;
  psbt: string;
  txid: string;
}

/**
 * One unsigned transaction paying every output, from the largest spendable outputs first, with the
 * fee at `feeRate` sat/vB and the change (unless it would be dust) to `change`. The PSBT carries
 * each input's previous output (witnessUtxo), so a hardware wallet sees what it spends.
 */
export function planPayoutBatch({
  spendable,
  outputs,
  change,
  feeRate,
  network,
}: {
  spendable: SpendableOutput[];
  outputs: PayoutOutput[];
  change: { address: string } | null;
  feeRate: number;
  network: BitcoinNetwork;
}): PlannedBatch {
  const outputScripts = outputs.map((output) => addressScript(output.address, network));
  const owed = outputs.reduce((sum, output) => sum + output.amountBaseUnits, 0n);
  const outputsVbytes = outputScripts.reduce(
    (sum, script) => sum + OUTPUT_VBYTES_BESIDES_SCRIPT + script.length,
    OVERHEAD_VBYTES,
  );
  const changeVbytes = OUTPUT_VBYTES_BESIDES_SCRIPT + P2WPKH_SCRIPT_BYTES;
  const feeFor = (vbytes: number) => BigInt(Math.ceil(vbytes * feeRate));
  const largestFirst = [...spendable].sort((a, b) =>
    a.amountBaseUnits === b.amountBaseUnits ? 0 : a.amountBaseUnits > b.amountBaseUnits ? -1 : 1,
  );
  const chosen: SpendableOutput[] = [];
  let gathered = 0n;
  for (const output of largestFirst) {
    chosen.push(output);
    gathered += output.amountBaseUnits;
    const withoutChange = feeFor(outputsVbytes + chosen.length * P2WPKH_INPUT_VBYTES);
    if (gathered >= owed + withoutChange) break;
  }
  const inputsVbytes = chosen.length * P2WPKH_INPUT_VBYTES;
  const feeWithoutChange = feeFor(outputsVbytes + inputsVbytes);
  if (gathered < owed + feeWithoutChange) {
    throw new NotEnoughFunds(spendable.reduce((sum, output) => sum + output.amountBaseUnits, 0n));
  }
  const feeWithChange = feeFor(outputsVbytes + inputsVbytes + changeVbytes);
  const changeBaseUnits = change ? gathered - owed - feeWithChange : 0n;
  const hasChange = change !== null && changeBaseUnits >= DUST_BASE_UNITS;

  const tx = new Transaction();
  for (const input of chosen) {
    tx.addInput({
      txid: input.txid,
      index: input.vout,
      witnessUtxo: { script: hex.decode(input.scriptHex), amount: input.amountBaseUnits },
    });
  }
  for (const [position, output] of outputs.entries()) {
    tx.addOutput({ script: outputScripts[position] as Uint8Array, amount: output.amountBaseUnits });
  }
  if (hasChange && change) {
    tx.addOutput({ script: addressScript(change.address, network), amount: changeBaseUnits });
  }
  return {
    inputs: chosen,
    feeBaseUnits: hasChange ? feeWithChange : gathered - owed,
    changeBaseUnits: hasChange ? changeBaseUnits : 0n,
    psbt: base64.encode(tx.toPSBT()),
    txid: tx.id,
  };
}

/** The public key of the wallet's internal (change) address `index`: …/1/index. */
function changeKeyAt(account: HDKey, index: number): Uint8Array {
  const key = account.deriveChild(1).deriveChild(index).publicKey;
  if (!key) throw new Error('a watch-only key derived no public key');
  return key;
}

export function changeAddressAt(account: HDKey, index: number, network: BitcoinNetwork): string {
  const address = p2wpkh(changeKeyAt(account, index), bitcoinNetworkParams(network)).address;
  if (!address) throw new Error('no P2WPKH address for a derived key');
  return address;
}

export function scriptHexOf(address: string, network: BitcoinNetwork): string {
  return hex.encode(addressScript(address, network));
}

/** What a signed batch spends and pays, read from a PSBT (base64) or a raw transaction (hex). */
export interface SignedTransaction {
  txid: string;
  inputs: { txid: string; vout: number }[];
  outputs: { scriptHex: string; amountBaseUnits: bigint }[];
  /** Serialized with its witness: what a node of today takes. */
  rawHex: string;
}

export class UnreadableTransaction extends Error {}
export class UnsignedInputs extends Error {}

export function readSignedTransaction(text: string): SignedTransaction {
  const trimmed = text.trim();
  let tx: Transaction;
  try {
    tx = /^[0-9a-fA-F]+$/.test(trimmed)
      ? Transaction.fromRaw(hex.decode(trimmed.toLowerCase()), { allowUnknownOutputs: true })
      : Transaction.fromPSBT(base64.decode(trimmed), { allowUnknownOutputs: true });
  } catch {
    throw new UnreadableTransaction();
  }
  if (!tx.isFinal) {
    try {
      tx.finalize();
    } catch {
      throw new UnsignedInputs();
    }
  }
  const inputs = Array.from({ length: tx.inputsLength }, (_, index) => {
    const input = tx.getInput(index);
    return { txid: hex.encode(input.txid ?? new Uint8Array()), vout: input.index ?? -1 };
  });
  const outputs = Array.from({ length: tx.outputsLength }, (_, index) => {
    const output = tx.getOutput(index);
    return { scriptHex: hex.encode(output.script ?? new Uint8Array()), amountBaseUnits: output.amount ?? 0n };
  });
  return { txid: tx.id, inputs, outputs, rawHex: tx.hex };
}

/** The node's fee estimate for a confirmation within six blocks, in sat/vB; null when it has none. */
export async function estimateFeeRate(rpcUrl: string): Promise<number | null> {
  const rpc = createJsonRpc(rpcUrl, '1.0');
  const toSatPerVbyte = (btcPerKvb: number) => Math.max(1, Math.ceil((btcPerKvb * 100_000_000) / 1000));
  try {
    const smart = await rpc.call<{ feerate?: number }>('estimatesmartfee', [6]);
    if (smart.feerate && smart.feerate > 0) return toSatPerVbyte(smart.feerate);
    return null;
  } catch {
    // Bitcoin Core before 0.15 has only estimatefee, answering -1 when it cannot tell.
    try {
      const fee = await rpc.call<number>('estimatefee', [6]);
      return fee > 0 ? toSatPerVbyte(fee) : null;
    } catch {
      return null;
    }
  }
}

/**
 * Hands a signed transaction to the node; answers null when it took it, or what it said. A refusal
 * is not fatal: the batch is followed in blocks, whoever relays it.
 */
export async function sendBitcoinTransaction(rpcUrl: string, rawHex: string): Promise<string | null> {
  try {
    await createJsonRpc(rpcUrl, '1.0').call<string>('sendrawtransaction', [rawHex]);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The outputs the platform can spend on Bitcoin now, followed to the node's tip: those of the
 * wallet key's deposit addresses the watcher saw paid (each from its first payment), of earlier
 * batches' change (from the block that paid it), and of P2WPKH reserve addresses.
 */
export async function spendableBitcoinOutputs(
  db: Database,
  config: ChainConfig,
  {
    xpub,
    change,
    reserveAddresses,
  }: { xpub: string; change: { address: string; fromHeight: number }[]; reserveAddresses: string[] },
): Promise<{ tipHeight: number; outputs: SpendableOutput[] }> {
  if (!config.bitcoinRpcUrl) throw new Error('BITCOIN_RPC_URL is not set');
  const network = config.bitcoinNetwork;
  const scripts = new Map<string, string>();
  const fromHeightByScript = new Map<string, number>();
  const follow = (address: string, fromHeight: number | undefined) => {
    const script = scriptHexOf(address, network);
    // Only P2WPKH outputs: the inputs a PSBT of this platform signs with a key of its wallet.
    if (!script.startsWith('0014')) return;
    scripts.set(script, address);
    if (fromHeight !== undefined) fromHeightByScript.set(script, fromHeight);
  };
  for (const deposit of await listPaidDepositAddresses(db, { xpub }))
    follow(deposit.address, deposit.firstPaidHeight);
  for (const output of change) follow(output.address, output.fromHeight);
  for (const address of reserveAddresses) follow(address, undefined);
  const followed = await followBitcoinOutputs(db, config.bitcoinRpcUrl, {
    scripts,
    fromHeight: config.bitcoinReservesFromHeight,
    fromHeightByScript,
  });
  const addressToScript = new Map([...scripts].map(([script, address]) => [address, script]));
  const outputs = [...followed.outputsByAddress].flatMap(([address, unspent]) =>
    unspent.map((output) => ({
      txid: output.txid,
      vout: output.vout,
      address,
      scriptHex: addressToScript.get(address) ?? '',
      amountBaseUnits: output.amountBaseUnits,
    })),
  );
  return { tipHeight: followed.block.height, outputs };
}

/**
 * Who spent a batch's inputs, with the chain followed to the tip first: all by the batch's own
 * transaction at a height, one by another transaction (a double spend), or not yet.
 */
export async function batchInputSpends(
  db: Database,
  config: ChainConfig,
  {
    txid,
    inputs,
  }: { txid: string; inputs: { txid: string; vout: number; scriptHex: string; address: string }[] },
): Promise<
  | { state: 'unspent' }
  | { state: 'spentElsewhere'; by: string }
  | { state: 'spent'; height: number; tipHeight: number }
> {
  if (!config.bitcoinRpcUrl) throw new Error('BITCOIN_RPC_URL is not set');
  const followed = await followBitcoinOutputs(db, config.bitcoinRpcUrl, {
    scripts: new Map(inputs.map((input) => [input.scriptHex, input.address])),
    fromHeight: config.bitcoinReservesFromHeight,
  });
  const spends = await listOutpointSpends(db, inputs);
  let height: number | null = null;
  for (const input of inputs) {
    const spend = spends.get(`${input.txid}:${input.vout}`);
    if (!spend?.spentByTxid || spend.spentAtHeight === null) continue;
    if (spend.spentByTxid !== txid) return { state: 'spentElsewhere', by: spend.spentByTxid };
    height = spend.spentAtHeight;
  }
  return height === null
    ? { state: 'unspent' }
    : { state: 'spent', height, tipHeight: followed.block.height };
}
