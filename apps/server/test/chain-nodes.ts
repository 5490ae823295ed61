import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hexToBytes } from '@noble/hashes/utils.js';
import { Transaction, WIF } from '@scure/btc-signer';
import { bitcoinNetworkParams } from '../src/modules/chain/chain-keys.ts';
import { createJsonRpc, type RpcCall } from '../src/modules/chain/json-rpc.ts';

const require = createRequire(import.meta.url);

/** A port nothing listens on right now, from the operating system. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningNode {
  url: string;
  rpc: RpcCall;
  stop(): Promise<void>;
}

async function waitUntilAnswering(rpc: RpcCall, method: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node exited (${child.exitCode}): ${output()}`);
    try {
      await rpc(method);
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`node did not answer ${method}: ${String(error)} ${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function stopper(child: ChildProcess, cleanup: () => Promise<void>): () => Promise<void> {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killTimer);
    }
    await cleanup();
  };
}

/** Anvil from @foundry-rs/anvil's platform package, on a free port, its ten funded accounts unlocked. */
export async function startAnvil(): Promise<RunningNode> {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const packageDir = path.dirname(
    require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`),
  );
  const port = await freePort();
  const child = spawn(
    path.join(packageDir, 'bin', 'anvil'),
    ['--port', String(port), '--host', '127.0.0.1'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', () => {});
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const { call } = createJsonRpc(url, '2.0');
  await waitUntilAnswering(call, 'eth_blockNumber', child, () => output);
  return { url, rpc: call, stop: stopper(child, async () => {}) };
}

export interface BitcoinNode extends RunningNode {
  /**
   * Stops the node and starts it again on the same data with its wallet's broadcasting off: the
   * mempool, which this release does not keep, starts empty, and the chain stays.
   */
  restartWithEmptyMempool(): Promise<void>;
}

/**
 * Bitcoin Core 0.11.99 (2015) from the bitcoind-regtest package, in regtest with a transaction
 * index, on free ports with a fresh data directory.
 */
export async function startBitcoind(): Promise<BitcoinNode> {
  const packageDir = path.dirname(require.resolve('bitcoind-regtest/package.json'));
  const [binary] = await readdir(path.join(packageDir, 'bitcoind'));
  if (!binary) throw new Error('bitcoind-regtest ships no binary');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vestora-bitcoind-'));
  const rpcPort = await freePort();
  const p2pPort = await freePort();
  const url = `http://vestora:regtest-password@127.0.0.1:${rpcPort}`;
  const { call } = createJsonRpc(url, '1.0');
  let child: ChildProcess;
  let output = '';
  const launch = async (extra: string[] = []) => {
    child = spawn(
      path.join(packageDir, 'bitcoind', binary),
      [
        '-regtest',
        `-datadir=${dataDir}`,
        `-rpcport=${rpcPort}`,
        `-port=${p2pPort}`,
        '-rpcuser=vestora',
        '-rpcpassword=regtest-password',
        '-rpcallowip=127.0.0.1',
        '-txindex',
        '-server',
        '-listen=0',
        '-discover=0',
        '-dnsseed=0',
        '-printtoconsole',
        ...extra,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    });
    await waitUntilAnswering(call, 'getblockcount', child, () => output);
  };
  await launch();
  const stopProcess = async () => {
    await stopper(child, async () => {})();
  };
  return {
    url,
    rpc: call,
    async restartWithEmptyMempool() {
      await stopProcess();
      await launch(['-walletbroadcast=0']);
    },
    stop: async () => {
      await stopProcess();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const REGTEST = bitcoinNetworkParams('regtest');

export interface BitcoinPayment {
  txId: string;
  /** Spends the same coins again to another address: the double spend that makes the payment vanish. */
  spendAgain(toAddress: string): Promise<string>;
}

/**
 * Pays `sats` to a bech32 address, which the 2015 wallet cannot do itself: the wallet funds one of
 * its own legacy addresses (mined at once), and the payment spending it is built and signed here
 * with the key the node dumps. The payment waits in the mempool.
 */
export async function payBitcoin(rpc: RpcCall, toAddress: string, sats: bigint): Promise<BitcoinPayment> {
  const funding = await rpc<string>('getnewaddress');
  const fundingTxId = await rpc<string>('sendtoaddress', [funding, 1]);
  await rpc('generate', [1]);
  const raw = await rpc<{
    hex: string;
    vout: { n: number; value: number; scriptPubKey: { addresses?: string[] } }[];
  }>('getrawtransaction', [fundingTxId, 1]);
  const output = raw.vout.find((vout) => vout.scriptPubKey.addresses?.includes(funding));
  if (!output) throw new Error('funding output not found');
  const privateKey = WIF(REGTEST).decode(await rpc<string>('dumpprivkey', [funding]));
  const fundedSats = BigInt(Math.round(output.value * 100_000_000));
  const pay = (address: string, amountSats: bigint, feeSats: bigint) => {
    const payment = new Transaction();
    payment.addInput({ txid: fundingTxId, index: output.n, nonWitnessUtxo: hexToBytes(raw.hex) });
    payment.addOutputAddress(address, amountSats, REGTEST);
    payment.addOutputAddress(funding, fundedSats - amountSats - feeSats, REGTEST);
    payment.sign(privateKey);
    payment.finalize();
    return rpc<string>('sendrawtransaction', [payment.hex]);
  };
  const txId = await pay(toAddress, sats, 10_000n);
  return { txId, spendAgain: (address) => pay(address, sats, 20_000n) };
}
