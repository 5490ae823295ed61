import { execFile } from 'node:child_process';
import { createHash, sign } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import {
  type LiabilityList,
  MESSAGES,
  type Reserve,
  type SolvencyStatement,
  SolvencyStatementSchema,
  snapshotSignedMessage,
} from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BitcoinNode,
  freePort,
  type RunningNode,
  startAnvil,
  startBitcoind,
} from '../../../test/chain-nodes.ts';
import {
  chainConfig,
  depositAddressOf,
  manualClock,
  setRate,
  setWallet,
} from '../../../test/chain-watching.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { deployTestUsdt, mineBlocks, payEther, payUsdt } from '../../../test/test-usdt.ts';
import { TEST_WALLET } from '../../../test/test-wallet.ts';
import { toChecksumAddress } from '../chain/chain-keys.ts';
import { liabilityKeys } from './liabilities.service.ts';

const clock = manualClock(new Date('2026-11-25T09:00:00Z'));
const VERIFIER = fileURLToPath(new URL('../../../../../tools/verify-liabilities.mjs', import.meta.url));

function runVerifier(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [VERIFIER, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? 1 : 0, output: stdout + stderr }),
    );
  });
}

/**
 * Edits the newest published statement and signs it again with the platform's own key, as an
 * operator overstating a balance would: only a node the verifier trusts can catch it.
 */
async function overstateNewest(t: TestApp, edit: (statement: SolvencyStatement) => void): Promise<void> {
  const { rows } = await t.pool.query<{
    id: string;
    taken_at: Date;
    root_hash: string;
    root_sum_cents: string;
    previous_root_hash: string;
    statement: string;
  }>('select * from liability_snapshots order by sequence desc limit 1');
  const row = rows[0];
  if (!row) throw new Error('no snapshot to edit');
  const statement = SolvencyStatementSchema.parse(JSON.parse(row.statement));
  edit(statement);
  statement.reservesUsdCents = statement.reserves
    .reduce((sum, reserve) => sum + BigInt(reserve.usdCents), 0n)
    .toString();
  const text = JSON.stringify(statement);
  const message = snapshotSignedMessage(
    {
      id: row.id,
      takenAt: row.taken_at.toISOString(),
      rootHash: row.root_hash,
      rootSum: row.root_sum_cents,
      previousRootHash: row.previous_root_hash,
    },
    createHash('sha256').update(text).digest(),
  );
  const signature = sign(null, message, (await liabilityKeys(t.db)).signingKey).toString('hex');
  await t.pool.query(
    'update liability_snapshots set statement = $1, statement_hash = $2, figures = $3, signature = $4 where id = $5',
    [
      text,
      createHash('sha256').update(text).digest('hex'),
      JSON.stringify({
        liabilitiesCents: statement.liabilitiesCents,
        reservesUsdCents: statement.reservesUsdCents,
        solvencyBasisPoints: statement.solvencyBasisPoints,
        coverageBasisPoints: statement.coverageBasisPoints,
      }),
      signature,
      row.id,
    ],
  );
}

/** Raises a reserve's first holding by `extra` base units, its totals and USD value with it. */
function raiseFirstHolding(statement: SolvencyStatement, coin: string, extra: bigint, decimals: bigint) {
  const reserve = statement.reserves.find(
    (candidate) => candidate.coin === coin && candidate.kind === 'address',
  );
  const holding = reserve?.holdings[0];
  if (!reserve || !holding) throw new Error(`no ${coin} holding to raise`);
  const [output] = holding.outputs ?? [];
  if (output) output.amountBaseUnits = (BigInt(output.amountBaseUnits) + extra).toString();
  holding.amountBaseUnits = (BigInt(holding.amountBaseUnits) + extra).toString();
  reserve.amountBaseUnits = (BigInt(reserve.amountBaseUnits) + extra).toString();
  const rate = BigInt(statement.rates[reserve.coin]?.usdCentsPerCoin ?? '0');
  reserve.usdCents = ((BigInt(reserve.amountBaseUnits) * rate) / 10n ** decimals).toString();
}

async function challengeFor(t: TestApp, token: string, query: Record<string, string>): Promise<string> {
  const response = await t.app.inject({
    url: `/api/admin/reserves/challenge?${new URLSearchParams(query)}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.challenge;
}

function register(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/admin/reserves', headers: bearer(token), payload: body });
}

async function snapshotStatement(t: TestApp, token: string): Promise<SolvencyStatement> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/liabilities/snapshots',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(201);
  return SolvencyStatementSchema.parse(JSON.parse(response.json().data.statement));
}

/** Every published statement, newest first, each fetched as the list names it. */
async function publishedStatements(t: TestApp): Promise<SolvencyStatement[]> {
  const list: LiabilityList = (await t.app.inject({ url: '/api/liabilities' })).json().data;
  return Promise.all(
    list.snapshots.map(async (snapshot) => {
      const response = await t.app.inject({ url: `/api/liabilities/${snapshot.id}/statement` });
      expect(response.statusCode).toBe(200);
      const text: string = response.json().data.statement;
      expect(createHash('sha256').update(text).digest('hex')).toBe(snapshot.statementHash);
      return SolvencyStatementSchema.parse(JSON.parse(text));
    }),
  );
}

/** personal_sign with a raw key, as a hardware wallet would answer it. */
function personalSign(privateKey: Uint8Array, message: string): string {
  const body = utf8ToBytes(message);
  const digest = keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`), body));
  const signature = secp256k1.sign(digest, privateKey, { prehash: false, format: 'recovered' });
  // noble puts the recovery byte first; Ethereum last, plus 27.
  return `0x${bytesToHex(signature.subarray(1))}${(27 + (signature[0] as number)).toString(16)}`;
}

describe('reserves on Ethereum (anvil)', () => {
  let node: RunningNode;
  let usdt: string;
  let t: TestApp;
  let token: string;
  let treasury: string;
  let port: number;

  beforeAll(async () => {
    node = await startAnvil();
    usdt = await deployTestUsdt(node.rpc);
    port = await freePort();
    t = await createTestApp(
      {
        ...chainConfig({ ethereumRpcUrl: node.url, usdtContract: usdt }),
        publicUrl: `http://127.0.0.1:${port}`,
      },
      { clock },
    );
    token = (await login(t.app, ADMIN.email, ADMIN.password)).token;
    await setWallet(t.app, token, 'eth', TEST_WALLET.ethereumXpub, 3);
    // 3,000.00 USD per ETH.
    await setRate(t.db, 'eth', 300_000n, clock.now());
    [, treasury] = (await node.rpc<string[]>('eth_accounts')) as [string, string];
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await node?.stop();
  });

  it("counts a reserve signed by the node's own personal_sign at the snapshot's block, and a later payment does not change it", async () => {
    const challenge = await challengeFor(t, token, { address: treasury });
    expect(challenge).toBe(
      `Vestora proof of reserves\nPlatform: ${new URL(t.config.publicUrl).origin}\nAddress: ${treasury}\nDate: 2026-11-25`,
    );
    const signature = await node.rpc<string>('personal_sign', [
      `0x${Buffer.from(challenge).toString('hex')}`,
      treasury,
    ]);
    const registered = await register(t, token, { coin: 'eth', address: treasury, challenge, signature });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({
      message: MESSAGES.reserveRegistered,
      data: {
        coin: 'eth',
        kind: 'address',
        address: treasury,
        signatureType: 'eip191',
        registeredBy: 'admin',
      },
    });
    const listed = await t.app.inject({ url: '/api/admin/reserves', headers: bearer(token) });
    expect((listed.json().data as Reserve[]).map((reserve) => reserve.address)).toEqual([treasury]);

    // Balances are read 12 blocks deep, where no reorganisation reaches.
    await mineBlocks(node.rpc, 11);
    const first = await snapshotStatement(t, token);
    const height = Number(BigInt(await node.rpc<string>('eth_blockNumber'))) - 11;
    const balance = BigInt(await node.rpc<string>('eth_getBalance', [treasury, `0x${height.toString(16)}`]));
    expect(first.blocks.ethereum?.height).toBe(height);
    expect(first.reserves).toHaveLength(1);
    expect(first.reserves[0]).toMatchObject({
      coin: 'eth',
      network: 'ethereum',
      address: treasury,
      challenge,
      signature,
      amountBaseUnits: balance.toString(),
      usdCents: ((balance * 300_000n) / 10n ** 18n).toString(),
      holdings: [{ address: treasury, childIndex: null, amountBaseUnits: balance.toString() }],
    });
    expect(first.rates.eth).toEqual({ usdCentsPerCoin: '300000', at: clock.now().toISOString() });

    await payEther(node.rpc, treasury, 10n ** 18n);
    const shallow = await snapshotStatement(t, token);
    expect(shallow.reserves[0]?.amountBaseUnits).toBe(balance.toString());
    await mineBlocks(node.rpc, 11);
    const [stillFirst] = (await publishedStatements(t)).slice(-1);
    expect(stillFirst).toEqual(first);
    const second = await snapshotStatement(t, token);
    expect(BigInt(second.reserves[0]?.amountBaseUnits ?? 0)).toBe(balance + 10n ** 18n);
    expect(second.blocks.ethereum?.height).toBeGreaterThan(height);
  });

  it('refuses a wrong signature, another challenge, a malformed or foreign address, and a second registration', async () => {
    const [, , other] = (await node.rpc<string[]>('eth_accounts')) as [string, string, string];
    const challenge = await challengeFor(t, token, { address: other });
    const signedByTreasury = await node.rpc<string>('personal_sign', [
      `0x${Buffer.from(challenge).toString('hex')}`,
      treasury,
    ]);
    const wrongKey = await register(t, token, {
      coin: 'eth',
      address: other,
      challenge,
      signature: signedByTreasury,
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().message).toBe(MESSAGES.reserveSignatureInvalid);

    const otherText = challenge.replace('Date: 2026-11-25', 'Date: 2026-11-20');
    const signedOld = await node.rpc<string>('personal_sign', [
      `0x${Buffer.from(otherText).toString('hex')}`,
      other,
    ]);
    const oldChallenge = await register(t, token, {
      coin: 'eth',
      address: other,
      challenge: otherText,
      signature: signedOld,
    });
    expect(oldChallenge.statusCode).toBe(400);
    expect(oldChallenge.json().message).toBe(MESSAGES.reserveChallengeMismatch);
    const overOther = await register(t, token, {
      coin: 'eth',
      address: other,
      challenge,
      signature: signedOld,
    });
    expect(overOther.statusCode).toBe(400);
    expect(overOther.json().message).toBe(MESSAGES.reserveSignatureInvalid);

    const malformed = await register(t, token, {
      coin: 'eth',
      address: '0x1234',
      challenge,
      signature: signedOld,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MESSAGES.reserveAddressMalformed);
    // A mainnet address on this regtest platform.
    const mainnet = await register(t, token, {
      coin: 'btc',
      address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
      challenge,
      signature: signedOld,
    });
    expect(mainnet.statusCode).toBe(400);
    expect(mainnet.json().message).toBe(MESSAGES.reserveAddressWrongNetwork);

    const again = await challengeFor(t, token, { address: treasury });
    const signature = await node.rpc<string>('personal_sign', [
      `0x${Buffer.from(again).toString('hex')}`,
      treasury,
    ]);
    const twice = await register(t, token, {
      coin: 'eth',
      address: treasury.toUpperCase().replace('0X', '0x'),
      challenge: again.replace(treasury, treasury.toUpperCase().replace('0X', '0x')),
      signature,
    });
    expect([400, 409]).toContain(twice.statusCode);

    const reserves = (await t.app.inject({ url: '/api/admin/reserves', headers: bearer(token) })).json().data;
    expect(reserves).toHaveLength(1);

    const indexAlone = await register(t, token, {
      coin: 'eth',
      address: other,
      childIndex: 3,
      challenge,
      signature: signedOld,
    });
    expect(indexAlone.statusCode).toBe(400);
    expect(indexAlone.json().message).toBe(MESSAGES.reserveIndexWithoutKey);
    // The text to sign is refused before anyone signs it.
    const unsignable: Record<string, string>[] = [
      { address: 'not-an-address' },
      { address: other, accountKey: 'xpub-nonsense' },
    ];
    for (const query of unsignable) {
      const refused = await t.app.inject({
        url: `/api/admin/reserves/challenge?${new URLSearchParams(query)}`,
        headers: bearer(token),
      });
      expect(refused.statusCode).toBe(400);
    }
    for (const id of ['-'.repeat(36), '00000000-0000-4000-8000-000000000000']) {
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/reserves/${id}`,
        headers: bearer(token),
      });
      expect(removed.statusCode).toBe(404);
      expect(removed.json().message).toBe(MESSAGES.reserveNotFound);
    }
  });

  it("counts every deposit address of the platform's key once one receive address signs, and USDT by balanceOf", async () => {
    const account = HDKey.fromExtendedKey(TEST_WALLET.ethereumXprv);
    const signer = account.deriveChild(0).deriveChild(5);
    const signerAddress = toChecksumAddress(
      bytesToHex(
        keccak_256(
          secp256k1.Point.fromBytes(signer.publicKey as Uint8Array)
            .toBytes(false)
            .subarray(1),
        ).subarray(-20),
      ),
    );
    const accountKey = TEST_WALLET.ethereumXpub;
    const challenge = await challengeFor(t, token, { address: signerAddress, accountKey });
    expect(challenge).toContain(`\nAccount key: ${accountKey}\n`);
    const signature = personalSign(signer.privateKey as Uint8Array, challenge);

    const wrongIndex = await register(t, token, {
      coin: 'eth',
      address: signerAddress,
      accountKey,
      childIndex: 6,
      challenge,
      signature,
    });
    expect(wrongIndex.statusCode).toBe(400);
    expect(wrongIndex.json().message).toBe(MESSAGES.reserveChildMismatch);
    const registered = await register(t, token, {
      coin: 'eth',
      address: signerAddress,
      accountKey,
      childIndex: 5,
      challenge,
      signature,
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().data).toMatchObject({ kind: 'account', accountKey, childIndex: 5 });
    // The same key again, by another of its addresses, would count every deposit address twice.
    const otherSigner = account.deriveChild(0).deriveChild(7);
    const otherAddress = toChecksumAddress(
      bytesToHex(
        keccak_256(
          secp256k1.Point.fromBytes(otherSigner.publicKey as Uint8Array)
            .toBytes(false)
            .subarray(1),
        ).subarray(-20),
      ),
    );
    const otherChallenge = await challengeFor(t, token, { address: otherAddress, accountKey });
    const sameKey = await register(t, token, {
      coin: 'eth',
      address: otherAddress,
      accountKey,
      childIndex: 7,
      challenge: otherChallenge,
      signature: personalSign(otherSigner.privateKey as Uint8Array, otherChallenge),
    });
    expect(sameKey.statusCode).toBe(409);
    expect(sameKey.json().message).toBe(MESSAGES.reserveAlreadyRegistered);

    const person = await signUpAndLogin(t.app);
    const depositAddress = await depositAddressOf(t.app, person.token, 'eth');
    await payEther(node.rpc, depositAddress, 5n * 10n ** 16n);

    const usdtChallenge = await challengeFor(t, token, { address: treasury });
    const usdtSignature = await node.rpc<string>('personal_sign', [
      `0x${Buffer.from(usdtChallenge).toString('hex')}`,
      treasury,
    ]);
    await payUsdt(node.rpc, usdt, treasury, 2_500_000n);
    expect(
      (
        await register(t, token, {
          coin: 'usdt',
          address: treasury,
          challenge: usdtChallenge,
          signature: usdtSignature,
        })
      ).statusCode,
    ).toBe(201);

    await mineBlocks(node.rpc, 11);
    const statement = await snapshotStatement(t, token);
    const keyed = statement.reserves.find((reserve) => reserve.kind === 'account');
    expect(keyed?.holdings).toEqual([
      {
        address: toChecksumAddress(depositAddress),
        childIndex: 0,
        amountBaseUnits: (5n * 10n ** 16n).toString(),
      },
    ]);
    expect(keyed?.usdCents).toBe('15000');
    const tether = statement.reserves.find((reserve) => reserve.coin === 'usdt');
    expect(tether).toMatchObject({ amountBaseUnits: '2500000', usdCents: '250' });
    const reservesUsd = statement.reserves.reduce((sum, reserve) => sum + BigInt(reserve.usdCents), 0n);
    expect(statement.reservesUsdCents).toBe(reservesUsd.toString());
    // Nobody holds a balance here: nothing is owed, and no ratio is stated.
    expect(statement).toMatchObject({
      liabilitiesCents: '0',
      solvencyBasisPoints: null,
      coverageBasisPoints: null,
    });
  });
  it('is confirmed by the standalone verifier against the node, and a balance overstated and re-signed is named', async () => {
    const url = await t.app.listen({ host: '127.0.0.1', port });
    const rpc = ['--url', url, '--ethereum-rpc', node.url, '--usdt-contract', usdt];
    const agreed = await runVerifier(rpc);
    expect(agreed.output).toContain('OK');
    expect(agreed.code).toBe(0);

    await overstateNewest(t, (statement) => raiseFirstHolding(statement, 'eth', 10n ** 18n, 18n));
    const overstated = await runVerifier(rpc);
    expect(overstated.code).toBe(1);
    expect(overstated.output).toMatch(new RegExp(`MISMATCH: .*${treasury.slice(2, 12)}`, 'i'));
  });
});

describe('reserves on Bitcoin (Bitcoin Core 0.11, regtest)', () => {
  let node: BitcoinNode;
  let t: TestApp;
  let token: string;
  let port: number;

  beforeAll(async () => {
    node = await startBitcoind();
    await node.rpc('generate', [101]);
    port = await freePort();
    t = await createTestApp(
      { ...chainConfig({ bitcoinRpcUrl: node.url }), publicUrl: `http://127.0.0.1:${port}` },
      { clock },
    );
    token = (await login(t.app, ADMIN.email, ADMIN.password)).token;
    // 50,000.00 USD per BTC.
    await setRate(t.db, 'btc', 5_000_000n, clock.now());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await node?.stop();
  });

  it("counts a legacy address signed by the node's signmessage at the snapshot's block, and not a payment after it", async () => {
    const address = await node.rpc<string>('getnewaddress');
    const challenge = await challengeFor(t, token, { address });
    const signature = await node.rpc<string>('signmessage', [address, challenge]);
    const registered = await register(t, token, { coin: 'btc', address, challenge, signature });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().data.signatureType).toBe('bitcoin-legacy');

    const txid = await node.rpc<string>('sendtoaddress', [address, 0.25]);
    // Balances are read six blocks deep: the payment's block is the one read.
    await node.rpc('generate', [6]);
    const height = (await node.rpc<number>('getblockcount')) - 5;
    const first = await snapshotStatement(t, token);
    expect(first.blocks.bitcoin).toEqual({ height, hash: await node.rpc<string>('getblockhash', [height]) });
    expect(first.reserves[0]).toMatchObject({
      coin: 'btc',
      network: 'regtest',
      signatureType: 'bitcoin-legacy',
      amountBaseUnits: '25000000',
      usdCents: '1250000',
    });
    expect(first.reserves[0]?.holdings[0]?.outputs).toEqual([
      { txid, vout: expect.any(Number), amountBaseUnits: '25000000' },
    ]);

    await node.rpc('sendtoaddress', [address, 0.5]);
    await node.rpc('generate', [1]);
    const shallow = await snapshotStatement(t, token);
    expect(shallow.reserves[0]?.amountBaseUnits).toBe('25000000');
    await node.rpc('generate', [5]);
    const second = await snapshotStatement(t, token);
    expect(second.reserves[0]?.amountBaseUnits).toBe('75000000');
    const statements = await publishedStatements(t);
    expect(statements.at(-1)).toEqual(first);

    const tampered = await register(t, token, {
      coin: 'btc',
      address,
      challenge,
      signature: signature.replace(/^./, signature[0] === 'H' ? 'I' : 'H'),
    });
    expect(tampered.statusCode).toBe(400);
  });
  it('is confirmed by the standalone verifier against the node, and an output overstated and re-signed is named', async () => {
    const url = await t.app.listen({ host: '127.0.0.1', port });
    const rpc = ['--url', url, '--bitcoin-rpc', node.url];
    const agreed = await runVerifier(rpc);
    expect(agreed.output).toContain('OK');
    expect(agreed.code).toBe(0);

    await overstateNewest(t, (statement) => raiseFirstHolding(statement, 'btc', 1000n, 8n));
    const overstated = await runVerifier(rpc);
    expect(overstated.code).toBe(1);
    expect(overstated.output).toContain('MISMATCH');
  });
});
