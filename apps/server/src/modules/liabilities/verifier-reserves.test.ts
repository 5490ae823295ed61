import { execFile } from 'node:child_process';
import { createHash, generateKeyPairSync, randomUUID, sign as signEd25519 } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { NETWORK, p2pkh, p2wpkh, RawWitness, Transaction, WIF } from '@scure/btc-signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BitcoinNode,
  payBitcoin,
  type RunningNode,
  startAnvil,
  startBitcoind,
} from '../../../test/chain-nodes.ts';
import { payEther } from '../../../test/test-usdt.ts';
import { type BitcoinNetwork, bitcoinNetworkParams } from '../chain/chain-keys.ts';

const VERIFIER = fileURLToPath(new URL('../../../../../tools/verify-liabilities.mjs', import.meta.url));

/** The pure functions the standalone verifier exports (it is plain JavaScript, hence this shape). */
interface Reserve {
  coin: 'btc' | 'eth' | 'usdt';
  network: string;
  kind: 'address' | 'account';
  address: string;
  accountKey: string | null;
  childIndex: number | null;
  challenge: string;
  signatureType: 'bip322-simple' | 'bitcoin-legacy' | 'eip191';
  signature: string;
  holdings: {
    address: string;
    childIndex: number | null;
    amountBaseUnits: string;
    outputs?: { txid: string; vout: number; amountBaseUnits: string }[];
  }[];
  amountBaseUnits: string;
  usdCents: string;
}
/** The block a chain's balances were read at. */
interface RecordedBlock {
  height: number;
  hash: string;
}
interface Verifier {
  Mismatch: new (message: string) => Error;
  verifyReserveSignature(
    reserve: Pick<Reserve, 'coin' | 'network' | 'address' | 'challenge' | 'signatureType' | 'signature'>,
  ): string | null;
  deriveChildAddress(accountKey: string, childIndex: number, network: string): string;
  checkStatement(
    snapshot: { id: string; takenAt: string; rootSum: string; statement: string },
    platform: string,
  ): unknown;
  recomputeLeaf(proof: unknown): string;
  keccak256(data: Uint8Array): Uint8Array;
}
// A variable specifier: the verifier ships no type declarations, and this file states what it uses.
const verifierUrl = pathToFileURL(VERIFIER).href;
const verifier = (await import(verifierUrl)) as Verifier;

const PLATFORM = 'https://invest.example.com';
const RATES = {
  btc: { usdCentsPerCoin: '9512345', at: '2026-11-25T12:00:00.000Z' },
  eth: { usdCentsPerCoin: '312345', at: '2026-11-25T12:00:00.000Z' },
  usdt: { usdCentsPerCoin: '100', at: '2026-11-25T12:00:00.000Z' },
};
const DECIMALS = { btc: 8n, eth: 18n, usdt: 6n };

/** The day statements here are taken (their snapshots' takenAt), and their challenges dated. */
const TAKEN_AT = '2026-11-25T12:00:00.000Z';
const CHALLENGE_DATE = '2026-11-25';

function challengeFor(
  address: string,
  accountKey?: string,
  { platform = PLATFORM, date = CHALLENGE_DATE }: { platform?: string; date?: string } = {},
): string {
  return [
    'Vestora proof of reserves',
    `Platform: ${platform}`,
    `Address: ${address}`,
    ...(accountKey ? [`Account key: ${accountKey}`] : []),
    `Date: ${date}`,
  ].join('\n');
}

// ---- Signers, written with the server's libraries, independent of the verifier's own code.

const compactSize = (length: number) => Uint8Array.of(length); // every message here is shorter than 253 bytes
const varString = (bytes: Uint8Array) => concatBytes(compactSize(bytes.length), bytes);

/** BIP-322 "simple": the witness of `to_sign`, signed by btc-signer like any P2WPKH input. */
function bip322Transactions(privateKey: Uint8Array, message: string, network = NETWORK) {
  const output = p2wpkh(secp256k1.getPublicKey(privateKey, true), network);
  const tag = sha256(utf8ToBytes('BIP0322-signed-message'));
  const messageHash = sha256(concatBytes(tag, tag, utf8ToBytes(message)));
  const toSpend = new Transaction({ version: 0, allowUnknownInputs: true, allowUnknownOutputs: true });
  // Output first: btc-signer freezes the outputs once an input carries its final script.
  toSpend.addOutput({ script: output.script, amount: 0n });
  toSpend.addInput({
    txid: new Uint8Array(32),
    index: 0xffffffff,
    sequence: 0,
    finalScriptSig: concatBytes(Uint8Array.of(0x00, 0x20), messageHash),
  });
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true });
  toSign.addInput({
    txid: toSpend.id,
    index: 0,
    sequence: 0,
    witnessUtxo: { script: output.script, amount: 0n },
  });
  toSign.addOutput({ script: Uint8Array.of(0x6a), amount: 0n });
  toSign.sign(privateKey);
  toSign.finalize();
  const witness = toSign.getInput(0).finalScriptWitness;
  if (!witness) throw new Error('btc-signer wrote no witness');
  return { toSpend, toSign, signature: Buffer.from(RawWitness.encode(witness)).toString('base64') };
}
const signBip322 = (privateKey: Uint8Array, message: string, network = NETWORK) =>
  bip322Transactions(privateKey, message, network).signature;

/** Bitcoin Core's signmessage: header 31 + recovery id (compressed key), r, s; base64. */
function signBitcoinLegacy(privateKey: Uint8Array, message: string): string {
  const digest = sha256(
    sha256(concatBytes(varString(utf8ToBytes('Bitcoin Signed Message:\n')), varString(utf8ToBytes(message)))),
  );
  const recovered = secp256k1.sign(digest, privateKey, { prehash: false, format: 'recovered' });
  return Buffer.from(concatBytes(Uint8Array.of(31 + (recovered[0] ?? 0)), recovered.subarray(1))).toString(
    'base64',
  );
}

/** personal_sign: r ‖ s ‖ v over keccak-256 of the EIP-191 prefixed message. */
function signEip191(privateKey: Uint8Array, message: string, vOffset: 0 | 27 = 27): string {
  const text = utf8ToBytes(message);
  const digest = keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${text.length}`), text));
  const recovered = secp256k1.sign(digest, privateKey, { prehash: false, format: 'recovered' });
  return `0x${bytesToHex(concatBytes(recovered.subarray(1), Uint8Array.of((recovered[0] ?? 0) + vOffset)))}`;
}

function ethereumAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(-20))}`;
}

function bitcoinAddress(privateKey: Uint8Array, network: BitcoinNetwork): string {
  const address = p2wpkh(secp256k1.getPublicKey(privateKey, true), bitcoinNetworkParams(network)).address;
  if (!address) throw new Error('no address');
  return address;
}

// ---- Statements and publications

/** A reserve whose totals and USD value are computed here from its holdings. */
function reserveOf(reserve: Omit<Reserve, 'amountBaseUnits' | 'usdCents'>): Reserve {
  const amount = reserve.holdings.reduce((total, holding) => total + BigInt(holding.amountBaseUnits), 0n);
  const usdCents = (amount * BigInt(RATES[reserve.coin].usdCentsPerCoin)) / 10n ** DECIMALS[reserve.coin];
  return { ...reserve, amountBaseUnits: amount.toString(), usdCents: usdCents.toString() };
}

const ratio = (part: bigint, whole: bigint): number | null =>
  whole === 0n ? null : Number((part * 10_000n) / whole);

function statementOf(
  reserves: Reserve[],
  liabilitiesCents: string,
  blocks: { bitcoin?: RecordedBlock; ethereum?: RecordedBlock } = {},
  platform = PLATFORM,
) {
  const reservesCents = reserves.reduce((total, reserve) => total + BigInt(reserve.usdCents), 0n);
  const liabilities = BigInt(liabilitiesCents);
  const yieldReserve = 5000n;
  const promised = 2500n;
  return {
    format: 2,
    platform,
    liabilitiesCents,
    blocks,
    rates: RATES,
    reserves,
    reservesUsdCents: reservesCents.toString(),
    yieldReserveCents: yieldReserve.toString(),
    promisedReturnsCents: promised.toString(),
    solvencyBasisPoints: ratio(reservesCents, liabilities) as unknown,
    // On-chain reserves only: the yield reserve is stated beside them, in no ratio.
    coverageBasisPoints: ratio(reservesCents, liabilities + promised) as unknown,
  };
}

type Statement = ReturnType<typeof statementOf>;

function snapshotOf(statement: Statement) {
  return {
    id: randomUUID(),
    takenAt: TAKEN_AT,
    rootSum: statement.liabilitiesCents,
    statement: JSON.stringify(statement, null, 2),
  };
}

/** Checks a statement as a user of PLATFORM would (checkStatement with PLATFORM's origin). */
const checkStatement = (statement: Statement) => verifier.checkStatement(snapshotOf(statement), PLATFORM);

function mismatchOf(statement: Statement): string {
  try {
    checkStatement(statement);
  } catch (error) {
    expect(error).toBeInstanceOf(verifier.Mismatch);
    return (error as Error).message;
  }
  throw new Error('checkStatement accepted the statement');
}

const privateKeyOf = (seed: string) => sha256(utf8ToBytes(seed));

describe('ownership signatures in the standalone verifier', () => {
  const key = privateKeyOf('bip322 reserve key');

  it('reproduces the BIP-322 test vector: to_spend, to_sign and the published signature', () => {
    const vectorAddress = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
    const vectorKey = WIF().decode('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k');
    const { toSpend, toSign, signature } = bip322Transactions(vectorKey, 'Hello World');
    expect(toSpend.id).toBe('b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b');
    expect(toSign.id).toBe('88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf');
    const check = (signed: string, challenge = 'Hello World') =>
      verifier.verifyReserveSignature({
        coin: 'btc',
        network: 'mainnet',
        address: vectorAddress,
        challenge,
        signatureType: 'bip322-simple',
        signature: signed,
      });
    expect(
      check(
        'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      ),
    ).toBeNull();
    expect(check(signature)).toBeNull();
    expect(check(signature, 'Hello World!')).toBe(
      `The BIP-322 signature is not a signature of the challenge by ${vectorAddress}.`,
    );
  });

  it.each(['regtest', 'mainnet'] as const)(
    'accepts a BIP-322 signature by a %s P2WPKH address and refuses forgeries',
    (network) => {
      const address = bitcoinAddress(key, network);
      const challenge = challengeFor(address);
      const params = bitcoinNetworkParams(network);
      const check = (signature: string, overrides: { address?: string; network?: string } = {}) =>
        verifier.verifyReserveSignature({
          coin: 'btc',
          network: overrides.network ?? network,
          address: overrides.address ?? address,
          challenge,
          signatureType: 'bip322-simple',
          signature,
        });
      expect(check(signBip322(key, challenge, params))).toBeNull();
      expect(check(signBip322(key, `${challenge}\nExtra`, params))).toBe(
        `The BIP-322 signature is not a signature of the challenge by ${address}.`,
      );
      expect(check(signBip322(privateKeyOf('another key'), challenge, params))).toBe(
        `The signing key is not the key of ${address}.`,
      );
      const otherNetwork = network === 'mainnet' ? 'regtest' : 'mainnet';
      expect(check(signBip322(key, challenge, params), { network: otherNetwork })).toBe(
        `${address} is not a ${otherNetwork} address.`,
      );
      expect(check('not base64!')).toBe('The BIP-322 signature is not base64.');
    },
  );

  it('accepts a Bitcoin signed message by a P2PKH address and refuses a tampered one', () => {
    const address = p2pkh(secp256k1.getPublicKey(key, true), bitcoinNetworkParams('mainnet'))
      .address as string;
    const challenge = challengeFor(address);
    const check = (signature: string, text = challenge) =>
      verifier.verifyReserveSignature({
        coin: 'btc',
        network: 'mainnet',
        address,
        challenge: text,
        signatureType: 'bitcoin-legacy',
        signature,
      });
    const signature = signBitcoinLegacy(key, challenge);
    expect(check(signature)).toBeNull();
    expect(check(signature, challenge.replace('2026-11-25', '2026-11-26'))).toBe(
      `The signed message is not a signature of the challenge by ${address}.`,
    );
    const flipped = Buffer.from(signature, 'base64');
    flipped[40] = (flipped[40] ?? 0) ^ 1;
    expect(check(flipped.toString('base64'))).toBe(
      `The signed message is not a signature of the challenge by ${address}.`,
    );
  });

  it('accepts an EIP-191 signature with v as 27/28 or 0/1 and refuses it for another address', () => {
    const address = ethereumAddress(secp256k1.getPublicKey(key, true));
    const challenge = challengeFor(address);
    const check = (signature: string, signer = address) =>
      verifier.verifyReserveSignature({
        coin: 'eth',
        network: 'ethereum',
        address: signer,
        challenge,
        signatureType: 'eip191',
        signature,
      });
    expect(check(signEip191(key, challenge, 27))).toBeNull();
    expect(check(signEip191(key, challenge, 0))).toBeNull();
    expect(
      check(
        signEip191(key, challenge).toUpperCase().replace('0X', '0x'),
        address.toUpperCase().replace('0X', '0x'),
      ),
    ).toBeNull();
    const stranger = ethereumAddress(secp256k1.getPublicKey(privateKeyOf('stranger'), true));
    expect(check(signEip191(key, challenge), stranger)).toBe(
      `The signature is not a signature of the challenge by ${stranger}.`,
    );
    expect(
      verifier.verifyReserveSignature({
        coin: 'usdt',
        network: 'ethereum',
        address,
        challenge,
        signatureType: 'bip322-simple',
        signature: signEip191(key, challenge),
      }),
    ).toBe('A usdt reserve cannot be signed with bip322-simple.');
  });

  it('computes the Keccak-256 Ethereum uses, across the 136-byte block boundary', () => {
    for (const length of [0, 1, 135, 136, 137, 500]) {
      const data = randomBytes(length);
      expect(bytesToHex(verifier.keccak256(data))).toBe(bytesToHex(keccak_256(data)));
    }
  });
});

describe('account keys in the standalone verifier', () => {
  const seed = sha256(utf8ToBytes('account key seed'));
  const KEY_VERSIONS = {
    xpub: { public: 0x0488b21e, private: 0x0488ade4 },
    zpub: { public: 0x04b24746, private: 0x04b2430c },
    tpub: { public: 0x043587cf, private: 0x04358394 },
    vpub: { public: 0x045f1cf6, private: 0x045f18bc },
  };
  const cases = [
    { coin: 'btc', network: 'regtest', versions: 'vpub', path: "m/84'/1'/0'" },
    { coin: 'btc', network: 'regtest', versions: 'tpub', path: "m/84'/1'/0'" },
    { coin: 'btc', network: 'mainnet', versions: 'zpub', path: "m/84'/0'/0'" },
    { coin: 'btc', network: 'mainnet', versions: 'xpub', path: "m/84'/0'/0'" },
    { coin: 'eth', network: 'ethereum', versions: 'xpub', path: "m/44'/60'/0'" },
  ] as const;

  it.each(cases)(
    'a $versions account ($network): child 0/5 signs for it, and not as child 0/6',
    (testCase) => {
      const account = HDKey.fromMasterSeed(seed, KEY_VERSIONS[testCase.versions]).derive(testCase.path);
      expect(account.depth).toBe(3);
      const accountKey = account.publicExtendedKey;
      expect(accountKey.startsWith(testCase.versions)).toBe(true);
      const child = account.deriveChild(0).deriveChild(5);
      const sibling = account.deriveChild(0).deriveChild(6);
      if (!child.privateKey || !child.publicKey || !sibling.publicKey) throw new Error('no child key');
      const isBitcoin = testCase.coin === 'btc';
      const addressOf = (publicKey: Uint8Array) =>
        isBitcoin
          ? (p2wpkh(publicKey, bitcoinNetworkParams(testCase.network as BitcoinNetwork)).address as string)
          : ethereumAddress(publicKey);
      const address = addressOf(child.publicKey);
      expect(verifier.deriveChildAddress(accountKey, 5, testCase.network)).toBe(address);

      const challenge = challengeFor(address, accountKey);
      const reserve = (childIndex: number, holdingIndex = 5) =>
        reserveOf({
          coin: testCase.coin,
          network: testCase.network,
          kind: 'account',
          address,
          accountKey,
          childIndex,
          challenge,
          signatureType: isBitcoin ? 'bip322-simple' : 'eip191',
          signature: isBitcoin
            ? signBip322(
                child.privateKey as Uint8Array,
                challenge,
                bitcoinNetworkParams(testCase.network as BitcoinNetwork),
              )
            : signEip191(child.privateKey as Uint8Array, challenge),
          holdings: [
            {
              address: addressOf((holdingIndex === 5 ? child : sibling).publicKey as Uint8Array),
              childIndex: holdingIndex,
              amountBaseUnits: '1000',
              ...(isBitcoin
                ? { outputs: [{ txid: 'ab'.repeat(32), vout: 1, amountBaseUnits: '1000' }] }
                : {}),
            },
          ],
        });
      const blocks = isBitcoin
        ? { bitcoin: { height: 1, hash: 'cd'.repeat(32) } }
        : { ethereum: { height: 1, hash: `0x${'cd'.repeat(32)}` } };
      expect(() => checkStatement(statementOf([reserve(5)], '100000', blocks))).not.toThrow();
      // A holding at another child of the same account counts too.
      expect(() => checkStatement(statementOf([reserve(5, 6)], '100000', blocks))).not.toThrow();
      expect(mismatchOf(statementOf([reserve(6)], '100000', blocks))).toContain(
        `the signer is not child 0/6 of account key ${accountKey}.`,
      );
      const misplaced = reserve(5);
      misplaced.holdings[0] = { ...(misplaced.holdings[0] as Reserve['holdings'][number]), childIndex: 7 };
      expect(mismatchOf(statementOf([misplaced], '100000', blocks))).toContain(
        `not child 0/7 of account key ${accountKey}.`,
      );
    },
  );
});

describe('statement arithmetic in the standalone verifier', () => {
  const btcKey = privateKeyOf('statement btc');
  const ethKey = privateKeyOf('statement eth');
  const btcAddress = bitcoinAddress(btcKey, 'mainnet');
  const ethAddress = ethereumAddress(secp256k1.getPublicKey(ethKey, true));
  const blocks = {
    bitcoin: { height: 870_000, hash: '00'.repeat(32) },
    ethereum: { height: 21_000_000, hash: `0x${'11'.repeat(32)}` },
  };
  const genuine = () =>
    statementOf(
      [
        reserveOf({
          coin: 'btc',
          network: 'mainnet',
          kind: 'address',
          address: btcAddress,
          accountKey: null,
          childIndex: null,
          challenge: challengeFor(btcAddress),
          signatureType: 'bip322-simple',
          signature: signBip322(btcKey, challengeFor(btcAddress)),
          holdings: [
            {
              address: btcAddress,
              childIndex: null,
              amountBaseUnits: '150000',
              outputs: [
                { txid: 'aa'.repeat(32), vout: 0, amountBaseUnits: '100000' },
                { txid: 'bb'.repeat(32), vout: 3, amountBaseUnits: '50000' },
              ],
            },
          ],
        }),
        reserveOf({
          coin: 'usdt',
          network: 'ethereum',
          kind: 'address',
          address: ethAddress,
          accountKey: null,
          childIndex: null,
          challenge: challengeFor(ethAddress),
          signatureType: 'eip191',
          signature: signEip191(ethKey, challengeFor(ethAddress)),
          holdings: [{ address: ethAddress, childIndex: null, amountBaseUnits: '2500000000' }],
        }),
      ],
      '1234500',
      blocks,
    );

  it('accepts a statement whose sums, USD values and ratios recompute', () => {
    const statement = genuine();
    expect(statement.reserves[0]?.usdCents).toBe('14268');
    // 264268 cents of reserves against 1234500 owed, and against 1234500 + 2500 promised.
    expect(statement).toMatchObject({ solvencyBasisPoints: 2140, coverageBasisPoints: 2136 });
    expect(() => checkStatement(statement)).not.toThrow();
    const nothingOwed = { ...statement, liabilitiesCents: '0', solvencyBasisPoints: null };
    nothingOwed.coverageBasisPoints = Number((BigInt(statement.reservesUsdCents) * 10_000n) / 2500n);
    expect(() => checkStatement(nothingOwed)).not.toThrow();
  });

  it('refuses a statement whose USD value, sums, ratios or liabilities were edited', () => {
    const edited = (edit: (statement: Statement) => void) => {
      const statement = genuine();
      edit(statement);
      return mismatchOf(statement);
    };
    const btc = (statement: Statement) => statement.reserves[0] as Reserve;
    expect(
      edited((statement) => {
        btc(statement).usdCents = '14269';
      }),
    ).toContain('150000 base units at 9512345 cents per coin are 14268 cents, not 14269.');
    expect(
      edited((statement) => {
        btc(statement).amountBaseUnits = '150001';
      }),
    ).toContain('its holdings add up to 150000, not 150001 as published.');
    expect(
      edited((statement) => {
        const holding = btc(statement).holdings[0] as Reserve['holdings'][number];
        holding.outputs = holding.outputs?.slice(0, 1);
      }),
    ).toContain('its outputs add up to 100000, not 150000 as published.');
    expect(
      edited((statement) => {
        statement.reservesUsdCents = (BigInt(statement.reservesUsdCents) + 1n).toString();
      }),
    ).toContain('the reserves add up to');
    expect(
      edited((statement) => {
        statement.solvencyBasisPoints = (statement.solvencyBasisPoints as number) + 1;
      }),
    ).toContain('solvencyBasisPoints is');
    expect(
      edited((statement) => {
        statement.coverageBasisPoints = (statement.coverageBasisPoints as number) + 1;
      }),
    ).toContain('coverageBasisPoints is');
    expect(
      edited((statement) => {
        btc(statement).challenge = btc(statement).challenge.replace(PLATFORM, 'https://other.example.com');
      }),
    ).toContain(`the challenge names the platform https://other.example.com, not ${PLATFORM}.`);
    const liabilities = genuine();
    expect(() =>
      verifier.checkStatement({ ...snapshotOf(liabilities), rootSum: '1234501' }, PLATFORM),
    ).toThrow('the statement owes 1234500 cents, the tree 1234501.');
  });

  it('refuses a Bitcoin reserve whose address belongs to another network', () => {
    const statement = genuine();
    (statement.reserves[0] as Reserve).network = 'testnet';
    expect(mismatchOf(statement)).toContain(`${btcAddress} is not a testnet address.`);
  });

  it('counts on-chain reserves only in the coverage: the yield reserve is shown, in no ratio', () => {
    const statement = genuine();
    const raisedYieldReserve = { ...statement, yieldReserveCents: '999999999' };
    expect(() => checkStatement(raisedYieldReserve)).not.toThrow();
    // The former formula, (reserves + yield reserve) / (liabilities + promised returns), is refused.
    const withYieldReserve = {
      ...statement,
      coverageBasisPoints: ratio(BigInt(statement.reservesUsdCents) + 5000n, 1_234_500n + 2500n) as unknown,
    };
    expect(withYieldReserve.coverageBasisPoints).toBe(2176);
    expect(mismatchOf(withYieldReserve)).toContain(
      'coverageBasisPoints is 2176, but the published amounts give 2136.',
    );
    // Nothing owed and nothing promised: no ratio, however large the yield reserve.
    const nothingAtAll = {
      ...statementOf([], '0'),
      promisedReturnsCents: '0',
      coverageBasisPoints: null as unknown,
    };
    expect(nothingAtAll.solvencyBasisPoints).toBeNull();
    expect(() => checkStatement(nothingAtAll)).not.toThrow();
    expect(mismatchOf({ ...nothingAtAll, coverageBasisPoints: 0 })).toContain(
      'coverageBasisPoints is 0, but the published amounts give null.',
    );
  });

  it('refuses ratios that are not integers or null', () => {
    const statement = genuine();
    for (const [name, value] of [
      ['solvencyBasisPoints', '2140'],
      ['coverageBasisPoints', '2136'],
      ['solvencyBasisPoints', 2140.5],
      ['coverageBasisPoints', 2 ** 53],
      ['coverageBasisPoints', undefined],
    ] as const) {
      expect(mismatchOf({ ...statement, [name]: value })).toContain(
        `${name} is ${JSON.stringify(value)}, not an integer or null.`,
      );
    }
  });

  it('refuses a statement that names another platform than the one checked', () => {
    const statement = genuine();
    expect(() => verifier.checkStatement(snapshotOf(statement), 'https://other.example.com')).toThrow(
      `the statement names the platform ${PLATFORM}, but you are checking https://other.example.com.`,
    );
  });

  it('reads each challenge exactly: its lines in order, nothing else, dated no later than the snapshot', () => {
    /** The statement with the BTC reserve's challenge replaced, and signed again by its key. */
    const rechallenged = (challenge: string) => {
      const statement = genuine();
      const btc = statement.reserves[0] as Reserve;
      btc.challenge = challenge;
      btc.signature = signBip322(btcKey, challenge);
      return statement;
    };
    expect(() => checkStatement(rechallenged(challengeFor(btcAddress)))).not.toThrow();
    expect(() =>
      checkStatement(rechallenged(challengeFor(btcAddress, undefined, { date: '2026-11-01' }))),
    ).not.toThrow();

    expect(mismatchOf(rechallenged(challengeFor(btcAddress, undefined, { date: '2026-11-26' })))).toContain(
      'the challenge is dated 2026-11-26, after the snapshot was taken (2026-11-25).',
    );
    const layout =
      'the challenge is not "Vestora proof of reserves" followed by the lines Platform:, Address:, Date: and nothing else.';
    expect(mismatchOf(rechallenged(`${challengeFor(btcAddress)}\nNote: nothing`))).toContain(layout);
    expect(mismatchOf(rechallenged(`Note: nothing\n${challengeFor(btcAddress)}`))).toContain(layout);
    expect(mismatchOf(rechallenged(`${challengeFor(btcAddress)}\n`))).toContain(layout);
    expect(mismatchOf(rechallenged(challengeFor(btcAddress, 'xpub-of-nothing')))).toContain(layout);
    const [title, platform, address, date] = challengeFor(btcAddress).split('\n');
    expect(mismatchOf(rechallenged([title, address, platform, date].join('\n')))).toContain(
      'line 2 of the challenge is not "Platform: …".',
    );
    expect(mismatchOf(rechallenged(challengeFor(btcAddress).replace('Vestora', 'vestora')))).toContain(
      layout,
    );
    for (const notADate of ['2026-02-30', '2026-11-5', '25/11/2026', '2026-11-25T00:00']) {
      expect(mismatchOf(rechallenged(challengeFor(btcAddress, undefined, { date: notADate })))).toContain(
        `the challenge date ${notADate} is not a date (YYYY-MM-DD).`,
      );
    }
    expect(() =>
      verifier.checkStatement({ ...snapshotOf(genuine()), takenAt: 'yesterday' }, PLATFORM),
    ).toThrow("the snapshot's takenAt yesterday is not a time.");
  });

  it('refuses the same coin and address counted twice, across two reserves too', () => {
    const statement = genuine();
    const usdt = statement.reserves[1] as Reserve;
    // The same address again, upper-cased: Ethereum addresses are compared without case.
    const upper = `0x${ethAddress.slice(2).toUpperCase()}`;
    const again = reserveOf({
      ...usdt,
      address: upper,
      challenge: challengeFor(upper),
      signature: signEip191(ethKey, challengeFor(upper)),
      holdings: [{ address: upper, childIndex: null, amountBaseUnits: '1' }],
    });
    const twice = statementOf([...statement.reserves, again], '1234500', blocks);
    expect(mismatchOf(twice)).toContain(
      `Reserve 3 (usdt ${upper}), holding ${upper}: the address is counted twice.`,
    );
    // As ETH, the same address is another holding.
    const asEth = reserveOf({ ...again, coin: 'eth' });
    expect(() =>
      checkStatement(statementOf([...statement.reserves, asEth], '1234500', blocks)),
    ).not.toThrow();
  });

  it('recomputes a format 2 leaf from the nonce, the account id and the snapshot id', () => {
    const proof = {
      format: 2,
      snapshotId: randomUUID(),
      leaf: { userId: randomUUID(), nonce: bytesToHex(randomBytes(32)), sum: '4250' },
    };
    const expected = createHash('sha256')
      .update(hexToBytes(proof.leaf.nonce))
      .update(proof.leaf.userId)
      .update(proof.snapshotId)
      .digest('hex');
    expect(verifier.recomputeLeaf(proof)).toBe(expected);
  });
});

// ---- Re-reading balances on real nodes

function runVerifier(args: string[]) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [VERIFIER, ...args],
      { env: { PATH: process.env.PATH }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          output: stdout + stderr,
        }),
    );
  });
}

/** The account whose leaf a published tree holds, and its nonce (hex). */
interface Owner {
  userId: string;
  nonce: string;
}

/** The owner's proof of a one-leaf format 2 snapshot: the leaf is the root, and the path empty. */
function oneLeafProof(snapshot: { id: string; rootHash: string; rootSum: string }, owner: Owner) {
  return {
    format: 2,
    snapshotId: snapshot.id,
    rootHash: snapshot.rootHash,
    rootSum: snapshot.rootSum,
    leaf: { ...owner, sum: snapshot.rootSum },
    index: 0,
    leafCount: 1,
    path: [],
  };
}

/** A snapshot as GET /api/liabilities lists it. */
interface PublishedSnapshot {
  id: string;
  takenAt: string;
  rootHash: string;
  rootSum: string;
  previousRootHash: string;
  leafCount: number;
  format: 1 | 2;
  statementHash: string | null;
  figures: {
    liabilitiesCents: string;
    reservesUsdCents: string;
    solvencyBasisPoints: unknown;
    coverageBasisPoints: unknown;
  } | null;
  statement: string | null;
  signature: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * A platform of our own: an Ed25519 key that signs a list, served over HTTP as the platform serves
 * it: GET …/api/liabilities inlines the newest snapshot's statement only, and
 * GET …/api/liabilities/<id>/statement serves each format 2 statement (404 otherwise).
 */
function createPlatform() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const publicKeyHex = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString(
    'hex',
  );
  let snapshots: PublishedSnapshot[] = [];
  /** The statement texts the statement route serves, by snapshot id (a test may replace one). */
  const statements = new Map<string, string>();
  /** The paths asked for since the last publication. */
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const requested = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(requested);
    response.setHeader('content-type', 'application/json');
    const statementId = /\/api\/liabilities\/([^/]+)\/statement$/.exec(requested)?.[1];
    const text = statementId && statements.get(decodeURIComponent(statementId));
    if (typeof text === 'string') {
      response.end(JSON.stringify({ data: { statement: text } }));
    } else if (!statementId && requested.endsWith('/api/liabilities')) {
      response.end(JSON.stringify({ data: { publicKey: publicKeyHex, governance: null, snapshots } }));
    } else {
      response.statusCode = 404;
      response.end(JSON.stringify({ message: 'Not found' }));
    }
  });
  return {
    statements,
    requests,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Publishes `statement` as the only snapshot, signed as decision 016 says. */
    publish(statement: Statement) {
      const [snapshot] = this.publishChain([statement]);
      if (!snapshot) throw new Error('nothing published');
      return snapshot;
    },
    /**
     * Publishes a chain, oldest first: a statement makes a format 2 snapshot, null a format 1 one.
     * With an owner, each format 2 tree is that owner's single leaf, holding all its liabilities.
     * Returns the snapshots newest first, as the platform lists them; they are the served objects,
     * so a test may alter one after publishing it.
     */
    publishChain(published: (Statement | null)[], owner?: Owner): PublishedSnapshot[] {
      let previousRootHash = '0'.repeat(64);
      statements.clear();
      requests.length = 0;
      snapshots = published.map((statement) => {
        const text = statement && JSON.stringify(statement);
        const id = randomUUID();
        const fields = {
          id,
          takenAt: new Date().toISOString(),
          rootHash:
            owner && text
              ? createHash('sha256')
                  .update(hexToBytes(owner.nonce))
                  .update(owner.userId)
                  .update(id)
                  .digest('hex')
              : bytesToHex(randomBytes(32)),
          rootSum: statement?.liabilitiesCents ?? '100',
          previousRootHash,
        };
        previousRootHash = fields.rootHash;
        const statementHash = text ? sha256Hex(text) : null;
        const signed = [...Object.values(fields), ...(statementHash ? [statementHash] : [])];
        const signature = signEd25519(null, Buffer.from(signed.join(':'), 'utf8'), privateKey).toString(
          'hex',
        );
        if (text) statements.set(id, text);
        return {
          ...fields,
          leafCount: 1,
          format: text ? 2 : 1,
          statementHash,
          figures: statement && {
            liabilitiesCents: statement.liabilitiesCents,
            reservesUsdCents: statement.reservesUsdCents,
            solvencyBasisPoints: statement.solvencyBasisPoints,
            coverageBasisPoints: statement.coverageBasisPoints,
          },
          // Inlined for the newest snapshot only, below.
          statement: null,
          signature,
        };
      });
      snapshots.reverse();
      const [newest] = snapshots;
      if (newest) newest.statement = statements.get(newest.id) ?? null;
      return snapshots;
    },
  };
}

/** Runtime code answering every call with the 32-byte word 1 000 000: a stand-in for balanceOf. */
const CONSTANT_BALANCE_CODE = '0x620f424060005260206000f3';

describe('the standalone verifier against a published list and real nodes', () => {
  let bitcoind: BitcoinNode;
  let anvil: RunningNode;
  const platform = createPlatform();
  let platformUrl: string;
  beforeAll(async () => {
    [bitcoind, anvil, platformUrl] = await Promise.all([startBitcoind(), startAnvil(), platform.start()]);
  });
  afterAll(async () => {
    await Promise.all([bitcoind?.stop(), anvil?.stop(), platform.stop()]);
  });
  /** A challenge naming the platform these tests serve. */
  const challengeHere = (address: string) => challengeFor(address, undefined, { platform: platformUrl });

  it('confirms balances at the recorded blocks, ignores later payments and names an edited balance', async () => {
    const btc = bitcoind.rpc;
    const eth = anvil.rpc;
    await btc('generate', [101]);

    // Bitcoin: a P2WPKH reserve of our own, paid and mined.
    const btcKey = randomBytes(32);
    const btcAddress = bitcoinAddress(btcKey, 'regtest');
    const payment = await payBitcoin(btc, btcAddress, 150_000n);
    await btc('generate', [1]);
    const paid = await btc<{ vout: { n: number; scriptPubKey: { hex: string } }[] }>('getrawtransaction', [
      payment.txId,
      1,
    ]);
    const paidOutput = paid.vout.find((vout) => vout.scriptPubKey.hex.startsWith('0014'));
    if (!paidOutput) throw new Error('no P2WPKH output');

    // Ethereum: our own address, funded from anvil's first account, with a stand-in USDT contract.
    const ethKey = randomBytes(32);
    const ethAddress = ethereumAddress(secp256k1.getPublicKey(ethKey, true));
    const usdtContract = `0x${bytesToHex(randomBytes(20))}`;
    await eth('anvil_setCode', [usdtContract, CONSTANT_BALANCE_CODE]);
    // Mined before the height is read: anvil answers the send before a loaded machine mines it.
    await payEther(eth, ethAddress, 10n ** 18n);

    const bitcoinHeight = await btc<number>('getblockcount');
    const ethereumHeight = Number(await eth<string>('eth_blockNumber'));
    const blocks = {
      bitcoin: { height: bitcoinHeight, hash: await btc<string>('getblockhash', [bitcoinHeight]) },
      ethereum: {
        height: ethereumHeight,
        hash: (
          await eth<{ hash: string }>('eth_getBlockByNumber', [`0x${ethereumHeight.toString(16)}`, false])
        ).hash,
      },
    };
    const ethBalance = BigInt(
      await eth<string>('eth_getBalance', [ethAddress, `0x${ethereumHeight.toString(16)}`]),
    ).toString();

    // A Bitcoin Core signed message too: the node's own legacy address signs its challenge.
    const walletAddress = await btc<string>('getnewaddress');
    const walletChallenge = challengeHere(walletAddress);
    const walletSignature = await btc<string>('signmessage', [walletAddress, walletChallenge]);
    expect(
      verifier.verifyReserveSignature({
        coin: 'btc',
        network: 'regtest',
        address: walletAddress,
        challenge: walletChallenge,
        signatureType: 'bitcoin-legacy',
        signature: walletSignature,
      }),
    ).toBeNull();

    const statement = (btcAmount: string, ethAmount: string) =>
      statementOf(
        [
          reserveOf({
            coin: 'btc',
            network: 'regtest',
            kind: 'address',
            address: btcAddress,
            accountKey: null,
            childIndex: null,
            challenge: challengeHere(btcAddress),
            signatureType: 'bip322-simple',
            signature: signBip322(btcKey, challengeHere(btcAddress), bitcoinNetworkParams('regtest')),
            holdings: [
              {
                address: btcAddress,
                childIndex: null,
                amountBaseUnits: btcAmount,
                outputs: [{ txid: payment.txId, vout: paidOutput.n, amountBaseUnits: btcAmount }],
              },
            ],
          }),
          ...(['eth', 'usdt'] as const).map((coin) =>
            reserveOf({
              coin,
              network: 'ethereum',
              kind: 'address',
              address: ethAddress,
              accountKey: null,
              childIndex: null,
              challenge: challengeHere(ethAddress),
              signatureType: 'eip191',
              signature: signEip191(ethKey, challengeHere(ethAddress)),
              holdings: [
                {
                  address: ethAddress,
                  childIndex: null,
                  amountBaseUnits: coin === 'eth' ? ethAmount : '1000000',
                },
              ],
            }),
          ),
        ],
        '500000',
        blocks,
        platformUrl,
      );
    const nodes = [
      '--url',
      platformUrl,
      '--bitcoin-rpc',
      bitcoind.url,
      '--ethereum-rpc',
      anvil.url,
      '--usdt-contract',
      usdtContract,
    ];

    platform.publish(statement('150000', ethBalance));
    const genuine = await runVerifier(nodes);
    expect(genuine.output).toContain('OK: the chain of 1 snapshot(s) and its signatures check out.');
    expect(genuine.output).toContain('Bitcoin node: 1 output(s) of the newest statement confirmed');
    expect(genuine.output).toContain('Ethereum node: 2 ETH/USDT balance(s) of the newest statement match');
    expect(genuine.output).toContain(
      `Newest statement's reserve signatures dated from ${CHALLENGE_DATE} to ${CHALLENGE_DATE}`,
    );
    expect(genuine.output).toContain(
      'WARNING: reserves on a test network (regtest) are worth nothing on the main network.',
    );
    expect(genuine.code).toBe(0);

    // More paid in after the recorded blocks changes nothing: balances are read at those blocks.
    await payBitcoin(btc, btcAddress, 70_000n);
    await btc('generate', [1]);
    await payEther(eth, ethAddress, 2n * 10n ** 18n);
    expect(BigInt(await eth<string>('eth_getBalance', [ethAddress, 'latest']))).toBeGreaterThan(
      BigInt(ethBalance),
    );
    expect(await runVerifier(nodes)).toMatchObject({ code: 0 });

    // A statement that adds up and is signed, but whose balances the nodes contradict.
    const raisedEth = (BigInt(ethBalance) + 1n).toString();
    const raised = platform.publish(statement('150000', raisedEth));
    const ethMismatch = await runVerifier(nodes);
    expect(ethMismatch.code).toBe(1);
    expect(ethMismatch.output).toContain(
      `MISMATCH: Snapshot ${raised.id}: ETH of ${ethAddress} at block ${ethereumHeight} is ${ethBalance} on your node, ${raisedEth} as published.`,
    );

    platform.publish(statement('150001', ethBalance));
    const btcMismatch = await runVerifier(nodes);
    expect(btcMismatch.code).toBe(1);
    expect(btcMismatch.output).toContain(
      `Bitcoin output ${payment.txId}:${paidOutput.n} of ${btcAddress} pays 150000 sat on your node, 150001 as published.`,
    );

    const otherBlock = statement('150000', ethBalance);
    otherBlock.blocks = { ...blocks, bitcoin: { height: bitcoinHeight, hash: '00'.repeat(32) } };
    platform.publish(otherBlock);
    expect((await runVerifier(nodes)).output).toContain(
      `Bitcoin block ${bitcoinHeight} is ${blocks.bitcoin.hash} on your node, not ${'00'.repeat(32)} as published.`,
    );
  });

  it('accepts format 1 snapshots before format 2 ones and refuses a format 1 snapshot after them', async () => {
    const statement = statementOf([], '100', {}, platformUrl);
    const args = ['--url', platformUrl];
    platform.publishChain([null, statement, statement]);
    const upgraded = await runVerifier(args);
    expect(upgraded.output).toContain('OK: the chain of 3 snapshot(s) and its signatures check out.');
    expect(upgraded.output).toContain('1 format 2 statement(s) add up');
    expect(upgraded.output).toContain('1 older format 2 statement(s) not read');
    expect(upgraded.code).toBe(0);
    const everyStatement = await runVerifier([...args, '--all-snapshots']);
    expect(everyStatement.output).toContain('2 format 2 statement(s) add up');
    expect(everyStatement.code).toBe(0);

    const [downgraded] = platform.publishChain([null, statement, null]);
    const downgrade = await runVerifier(args);
    expect(downgrade.code).toBe(1);
    expect(downgrade.output).toContain(
      `MISMATCH: Snapshot ${downgraded?.id} is format 1 although an older snapshot is format 2: a downgrade`,
    );
  });

  it('accepts an output spent after the recorded block and refuses one already spent at it', async () => {
    const btc = bitcoind.rpc;
    await btc('generate', [101]);
    // payBitcoin funds a wallet (legacy) address in a mined block, then spends that output in a
    // payment mined in the next block: the funding output is unspent at the first, spent at the second.
    const payment = await payBitcoin(btc, bitcoinAddress(randomBytes(32), 'regtest'), 50_000n);
    const fundedHeight = await btc<number>('getblockcount');
    await btc('generate', [1]);
    const spending = await btc<{ vin: { txid: string; vout: number }[] }>('getrawtransaction', [
      payment.txId,
      1,
    ]);
    const funding = spending.vin[0] as { txid: string; vout: number };
    const fundingTransaction = await btc<{
      vout: { n: number; value: number; scriptPubKey: { addresses?: string[] } }[];
    }>('getrawtransaction', [funding.txid, 1]);
    const fundingOutput = fundingTransaction.vout.find((vout) => vout.n === funding.vout);
    const walletAddress = fundingOutput?.scriptPubKey.addresses?.[0];
    if (!fundingOutput || !walletAddress) throw new Error('funding output not found');
    const amount = BigInt(Math.round(fundingOutput.value * 1e8)).toString();
    const challenge = challengeHere(walletAddress);
    const signature = await btc<string>('signmessage', [walletAddress, challenge]);

    const statementAt = async (height: number) =>
      statementOf(
        [
          reserveOf({
            coin: 'btc',
            network: 'regtest',
            kind: 'address',
            address: walletAddress,
            accountKey: null,
            childIndex: null,
            challenge,
            signatureType: 'bitcoin-legacy',
            signature,
            holdings: [
              {
                address: walletAddress,
                childIndex: null,
                amountBaseUnits: amount,
                outputs: [{ txid: funding.txid, vout: funding.vout, amountBaseUnits: amount }],
              },
            ],
          }),
        ],
        '100',
        { bitcoin: { height, hash: await btc<string>('getblockhash', [height]) } },
        platformUrl,
      );
    const args = ['--url', platformUrl, '--bitcoin-rpc', bitcoind.url];

    platform.publish(await statementAt(fundedHeight));
    const unspentThen = await runVerifier(args);
    expect(unspentThen.output).toContain('Bitcoin node: 1 output(s)');
    expect(unspentThen.code).toBe(0);

    const late = platform.publish(await statementAt(fundedHeight + 1));
    const spentAlready = await runVerifier(args);
    expect(spentAlready.code).toBe(1);
    expect(spentAlready.output).toContain(
      `MISMATCH: Snapshot ${late.id}: Bitcoin output ${funding.txid}:${funding.vout} of ${walletAddress} was already spent at block ${fundedHeight + 1}`,
    );
  });
  it('asks a format 2 proof for --account, and warns when its snapshot is not the newest', async () => {
    const owner = { userId: randomUUID(), nonce: bytesToHex(randomBytes(32)) };
    const directory = await mkdtemp(path.join(os.tmpdir(), 'vestora-verifier-'));
    try {
      const [newer, older] = platform.publishChain(
        [statementOf([], '4250', {}, platformUrl), statementOf([], '4250', {}, platformUrl)],
        owner,
      );
      if (!newer || !older) throw new Error('nothing published');
      const proofFile = async (name: string, snapshot: typeof newer) => {
        const file = path.join(directory, name);
        await writeFile(file, JSON.stringify({ data: oneLeafProof(snapshot, owner) }));
        return file;
      };
      const newest = await proofFile('newest.json', newer);
      const previous = await proofFile('previous.json', older);

      const withoutAccount = await runVerifier([newest, '--url', platformUrl]);
      expect(withoutAccount.code).toBe(1);
      expect(withoutAccount.output).toContain(
        "ERROR: Give your account id with --account <id> (it is shown on the platform's verify page): a format 2 leaf is checked against it.",
      );
      expect(withoutAccount.output).not.toContain('OK');

      const current = await runVerifier([newest, '--url', platformUrl, '--account', owner.userId]);
      expect(current.output).toContain(`OK: your balance of 42.50 USD is counted in snapshot ${newer.id}`);
      expect(current.output).toContain(`Proof format 2: leaf bound to your account ${owner.userId}.`);
      expect(current.output).not.toContain('WARNING');
      expect(current.code).toBe(0);

      const outdated = await runVerifier([previous, '--url', platformUrl, '--account', owner.userId]);
      expect(outdated.output).toContain(`OK: your balance of 42.50 USD is counted in snapshot ${older.id}`);
      expect(outdated.output).toContain(
        `WARNING: Your proof is for snapshot ${older.id} (${older.takenAt}), but the newest published snapshot is ${newer.id} (${newer.takenAt})`,
      );
      expect(outdated.code).toBe(0);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it("refuses a statement naming another platform than --url's origin", async () => {
    platform.publish(statementOf([], '100'));
    const elsewhere = await runVerifier(['--url', platformUrl]);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.output).toContain(
      `: the statement names the platform ${PLATFORM}, but you are checking ${platformUrl}.`,
    );

    // The same origin, reached with a path: the origin is what a statement names.
    platform.publish(statementOf([], '100', {}, platformUrl));
    const withPath = await runVerifier(['--url', `${platformUrl}/vestora/`]);
    expect(withPath.output).toContain(`each names ${platformUrl}, the platform you are checking.`);
    expect(withPath.output).not.toContain('WARNING');
    expect(withPath.code).toBe(0);
  });
});

describe('the standalone verifier and statements served apart from the list', () => {
  const platform = createPlatform();
  let platformUrl: string;
  beforeAll(async () => {
    platformUrl = await platform.start();
  });
  afterAll(() => platform.stop());
  const statementRequests = () => platform.requests.filter((requested) => requested.endsWith('/statement'));
  /** A chain of a format 1 snapshot and three format 2 ones, newest first as listed. */
  const publishThree = () => {
    const statement = statementOf([], '100', {}, platformUrl);
    const [newest, middle, oldest, first] = platform.publishChain([null, statement, statement, statement]);
    if (!newest || !middle || !oldest || !first) throw new Error('nothing published');
    return { newest, middle, oldest };
  };

  it('checks the inlined newest statement only, and fetches the older ones with --all-snapshots', async () => {
    const { newest, middle, oldest } = publishThree();
    expect(newest.statement).toEqual(expect.any(String));
    expect([middle.statement, oldest.statement]).toEqual([null, null]);
    const newestOnly = await runVerifier(['--url', platformUrl]);
    expect(newestOnly.output).toContain('OK: the chain of 4 snapshot(s) and its signatures check out.');
    expect(newestOnly.output).toContain('1 format 2 statement(s) add up');
    expect(newestOnly.output).toContain('2 older format 2 statement(s) not read');
    expect(newestOnly.code).toBe(0);
    expect(statementRequests()).toEqual([]);

    platform.requests.length = 0;
    const every = await runVerifier(['--url', `${platformUrl}/`, '--all-snapshots']);
    expect(every.output).toContain('3 format 2 statement(s) add up');
    expect(every.output).not.toContain('not read');
    expect(every.code).toBe(0);
    expect(statementRequests().sort()).toEqual(
      [middle.id, oldest.id].map((id) => `/api/liabilities/${id}/statement`).sort(),
    );

    // An older statement altered on the statement route: unread by default, a mismatch once fetched.
    const altered = `${platform.statements.get(oldest.id)} `;
    platform.statements.set(oldest.id, altered);
    expect(await runVerifier(['--url', platformUrl])).toMatchObject({ code: 0 });
    const fetched = await runVerifier(['--url', platformUrl, '--all-snapshots']);
    expect(fetched.code).toBe(1);
    expect(fetched.output).toContain(
      `MISMATCH: Snapshot ${oldest.id}: the statement served at ${platformUrl}/api/liabilities/${oldest.id}/statement ` +
        `hashes to ${sha256Hex(altered)}, not to the signed statementHash ${oldest.statementHash}.`,
    );

    // An older statement the route does not serve at all.
    platform.statements.delete(oldest.id);
    const missing = await runVerifier(['--url', platformUrl, '--all-snapshots']);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain(
      `MISMATCH: ${platformUrl}/api/liabilities/${oldest.id}/statement answered 404.`,
    );
  });

  it('fetches the newest statement when the list does not inline it, and refuses one that does not match', async () => {
    const { newest } = publishThree();
    newest.statement = null;
    const fetchedNewest = await runVerifier(['--url', platformUrl]);
    expect(fetchedNewest.output).toContain('1 format 2 statement(s) add up');
    expect(fetchedNewest.code).toBe(0);
    expect(statementRequests()).toEqual([`/api/liabilities/${newest.id}/statement`]);

    // Another text, still a valid statement: only its hash tells it apart.
    const reformatted = JSON.stringify(JSON.parse(platform.statements.get(newest.id) ?? ''), null, 2);
    platform.statements.set(newest.id, reformatted);
    const mismatch = await runVerifier(['--url', platformUrl]);
    expect(mismatch.code).toBe(1);
    expect(mismatch.output).toContain(
      `MISMATCH: Snapshot ${newest.id}: the statement served at ${platformUrl}/api/liabilities/${newest.id}/statement ` +
        `hashes to ${sha256Hex(reformatted)}, not to the signed statementHash ${newest.statementHash}.`,
    );
  });

  it('refuses an inlined statement that does not match its signed statementHash', async () => {
    const { newest } = publishThree();
    const reformatted = JSON.stringify(JSON.parse(newest.statement ?? ''), null, 2);
    newest.statement = reformatted;
    const mismatch = await runVerifier(['--url', platformUrl]);
    expect(mismatch.code).toBe(1);
    expect(mismatch.output).toContain(
      `MISMATCH: Snapshot ${newest.id}: the statement inlined in the list hashes to ${sha256Hex(reformatted)}, ` +
        `not to the signed statementHash ${newest.statementHash}.`,
    );
    expect(statementRequests()).toEqual([]);

    // The hash swapped for the altered text's: the signature no longer covers it.
    newest.statementHash = sha256Hex(reformatted);
    const resigned = await runVerifier(['--url', platformUrl]);
    expect(resigned.code).toBe(1);
    expect(resigned.output).toContain(
      `MISMATCH: The signature of snapshot ${newest.id} is not valid for the published key.`,
    );
  });

  it("refuses figures that differ from their statement's, inlined or fetched", async () => {
    const { newest, oldest } = publishThree();
    if (!newest.figures || !oldest.figures) throw new Error('no figures');
    newest.figures.reservesUsdCents = '1';
    const inlined = await runVerifier(['--url', platformUrl]);
    expect(inlined.code).toBe(1);
    expect(inlined.output).toContain(
      `MISMATCH: Snapshot ${newest.id}: its figures give reservesUsdCents "1", its statement "0".`,
    );

    newest.figures.reservesUsdCents = '0';
    oldest.figures.solvencyBasisPoints = 10_000;
    // Unsigned and not fetched by default: only --all-snapshots reads the statement they come from.
    expect(await runVerifier(['--url', platformUrl])).toMatchObject({ code: 0 });
    const fetched = await runVerifier(['--url', platformUrl, '--all-snapshots']);
    expect(fetched.code).toBe(1);
    expect(fetched.output).toContain(
      `MISMATCH: Snapshot ${oldest.id}: its figures give solvencyBasisPoints 10000, its statement 0.`,
    );
  });

  it('refuses a format 2 snapshot without a statementHash, and a format 1 snapshot with one', async () => {
    const { middle } = publishThree();
    middle.statementHash = null;
    const noHash = await runVerifier(['--url', platformUrl]);
    expect(noHash.code).toBe(1);
    expect(noHash.output).toContain(
      `MISMATCH: Snapshot ${middle.id} is format 2 but publishes no statementHash (64 lowercase hex digits).`,
    );

    const [, formatOne] = platform.publishChain([null, statementOf([], '100', {}, platformUrl)]);
    if (!formatOne) throw new Error('nothing published');
    formatOne.statementHash = 'ab'.repeat(32);
    const formatOneHash = await runVerifier(['--url', platformUrl]);
    expect(formatOneHash.code).toBe(1);
    expect(formatOneHash.output).toContain(
      `MISMATCH: Snapshot ${formatOne.id} is format 1 but publishes a statement or statementHash.`,
    );
  });
});
