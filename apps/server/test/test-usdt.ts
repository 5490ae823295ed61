import { readFile } from 'node:fs/promises';
import solc from 'solc';
import type { RpcCall } from '../src/modules/chain/json-rpc.ts';

/** Anvil's first funded account (from its default mnemonic), unlocked: it deploys and pays. */
const ANVIL_PAYER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

async function compileTestUsdt(): Promise<string> {
  const source = await readFile(new URL('./fixtures/TestUsdt.sol', import.meta.url), 'utf8');
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'TestUsdt.sol': { content: source } },
        settings: { outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
  };
  const errors = output.errors?.filter((error) => error.severity === 'error') ?? [];
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const bytecode = output.contracts['TestUsdt.sol']?.TestUsdt?.evm.bytecode.object;
  if (!bytecode) throw new Error('TestUsdt compiled to nothing');
  return bytecode;
}

const word = (value: bigint | string) =>
  (typeof value === 'bigint' ? value.toString(16) : value.replace(/^0x/, '').toLowerCase()).padStart(64, '0');

/** Anvil mines each transaction on its own, a moment after answering: the receipt is waited for. */
async function mined(
  rpc: RpcCall,
  txHash: string,
): Promise<{ contractAddress: string | null; blockNumber: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const receipt = await rpc<{ contractAddress: string | null; blockNumber: string; status: string } | null>(
      'eth_getTransactionReceipt',
      [txHash],
    );
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`transaction ${txHash} failed`);
      return receipt;
    }
    if (Date.now() > deadline) throw new Error(`transaction ${txHash} was not mined`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Deploys the six-decimal test token with a million tokens for ANVIL_PAYER; answers its address. */
export async function deployTestUsdt(rpc: RpcCall): Promise<string> {
  const bytecode = await compileTestUsdt();
  const supply = 1_000_000n * 1_000_000n;
  const txHash = await rpc<string>('eth_sendTransaction', [
    { from: ANVIL_PAYER, data: `0x${bytecode}${word(supply)}` },
  ]);
  const { contractAddress } = await mined(rpc, txHash);
  if (!contractAddress) throw new Error('no contract deployed');
  return contractAddress.toLowerCase();
}

export async function payUsdt(rpc: RpcCall, contract: string, to: string, units: bigint): Promise<string> {
  const data = `0xa9059cbb${word(to)}${word(units)}`;
  const txHash = await rpc<string>('eth_sendTransaction', [{ from: ANVIL_PAYER, to: contract, data }]);
  await mined(rpc, txHash);
  return txHash;
}

export async function payEther(rpc: RpcCall, to: string, wei: bigint): Promise<string> {
  const txHash = await rpc<string>('eth_sendTransaction', [
    { from: ANVIL_PAYER, to, value: `0x${wei.toString(16)}` },
  ]);
  await mined(rpc, txHash);
  return txHash;
}

export async function mineBlocks(rpc: RpcCall, count: number): Promise<void> {
  await rpc('anvil_mine', [`0x${count.toString(16)}`]);
}
