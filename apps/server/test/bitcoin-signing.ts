import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base64, hex } from '@scure/base';
import { p2wpkh, Transaction } from '@scure/btc-signer';
import { bitcoinNetworkParams } from '../src/modules/chain/chain-keys.ts';
import { TEST_WALLET } from './test-wallet.ts';

const REGTEST = bitcoinNetworkParams('regtest');

/** A fresh regtest address nobody here holds: where a depositor withdraws to. */
export function freshRegtestAddress(): string {
  const address = p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey()), REGTEST).address;
  if (!address) throw new Error('no address');
  return address;
}

/** The operator's wallet signing a batch's PSBT, as a hardware wallet would: every input it holds. */
export function signWithWallet(psbt: string): Transaction {
  const tx = Transaction.fromPSBT(base64.decode(psbt));
  const keys = new Map<string, Uint8Array>();
  for (const chain of [0, 1]) {
    for (let index = 0; index < 40; index += 1) {
      const key = TEST_WALLET.bitcoinRegtestAccount.deriveChild(chain).deriveChild(index);
      if (!key.privateKey || !key.publicKey) continue;
      keys.set(hex.encode(p2wpkh(key.publicKey, REGTEST).script), key.privateKey);
    }
  }
  for (let index = 0; index < tx.inputsLength; index += 1) {
    const script = tx.getInput(index).witnessUtxo?.script;
    const key = script && keys.get(hex.encode(script));
    if (!key) throw new Error(`input ${index} is not the wallet's`);
    tx.signIdx(key, index);
  }
  tx.finalize();
  return tx;
}
