import { type Coin, formatUsd, type SolvencyStatement, type StatedReserve } from '@vestora/shared';
import {
  COIN_NAMES,
  COIN_SYMBOLS,
  explorerAddressUrl,
  formatBaseUnits,
  formatBasisPoints,
  isBelowFullCover,
} from '../../../shell/solvency-format.ts';

const utcMoment = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'long',
  timeZone: 'UTC',
});
const usdOf = (cents: string) => formatUsd(BigInt(cents));

const SIGNATURE_TYPES: Record<string, string> = {
  'bip322-simple': 'BIP-322 simple (native SegWit)',
  'bitcoin-legacy': 'Bitcoin signed message (legacy)',
  eip191: 'EIP-191 personal_sign',
};

function Amount({ title, value, note }: { title: string; value: string; note: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 className="text-sm font-medium text-slate-600">{title}</h3>
      <p className="mt-2 text-xl font-bold tracking-tight break-words text-slate-900 sm:text-2xl">{value}</p>
      <p className="mt-1 text-xs text-slate-500">{note}</p>
    </div>
  );
}

/**
 * A ratio as signed, in basis points. Below 100 % it says so plainly, in the warning colour: the
 * page never rounds a shortfall away or leaves it out.
 */
function Ratio({
  title,
  basisPoints,
  note,
  shortfall,
  testId,
}: {
  title: string;
  basisPoints: number | null;
  note: string;
  shortfall: string;
  testId: string;
}) {
  const isShort = isBelowFullCover(basisPoints);
  return (
    <div
      data-testid={testId}
      className={`rounded-2xl border p-5 shadow-sm ${isShort ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white'}`}
    >
      <h3 className="text-sm font-medium text-slate-600">{title}</h3>
      <p
        className={`mt-2 text-2xl font-bold tracking-tight ${isShort ? 'text-red-700' : 'text-slate-900'}`}
        data-below-full-cover={isShort || undefined}
      >
        {basisPoints === null ? 'Nothing is owed' : formatBasisPoints(basisPoints)}
      </p>
      <p className="mt-1 text-xs text-slate-600">{note}</p>
      {isShort && <p className="mt-2 text-sm font-medium text-red-800">{shortfall}</p>}
    </div>
  );
}

/**
 * The ratios and the amounts they are made of, as the newest statement signs them. Coverage counts
 * the reserves only: the yield reserve is a ledger figure, shown but counted in neither ratio.
 */
export function SolvencyFigures({ statement }: { statement: SolvencyStatement }) {
  const owed = usdOf(statement.liabilitiesCents);
  const held = usdOf(statement.reservesUsdCents);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Ratio
          testId="solvency-ratio"
          title="Solvency ratio"
          basisPoints={statement.solvencyBasisPoints}
          note="Reserves held, against the balances owed to users."
          shortfall={`The platform held less than it owed: ${held} in reserves against ${owed} owed to users.`}
        />
        <Ratio
          testId="coverage-ratio"
          title="Obligation coverage ratio"
          basisPoints={statement.coverageBasisPoints}
          note="Reserves held, against balances plus invested principal plus every plan return promised until maturity."
          shortfall={`The platform held less than it has promised: ${held} in reserves against ${usdOf(
            (BigInt(statement.liabilitiesCents) + BigInt(statement.promisedReturnsCents)).toString(),
          )} owed and promised.`}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Amount
          title="Owed to users"
          value={owed}
          note="Balances plus invested principal: the proof of liabilities' signed total."
        />
        <Amount title="Reserves" value={held} note="The signed reserve addresses, at the rates below." />
        <Amount
          title="Promised returns"
          value={usdOf(statement.promisedReturnsCents)}
          note="Every return running plans promise until maturity."
        />
        <Amount
          title="Yield reserve (ledger, not proven on chain)"
          value={usdOf(statement.yieldReserveCents)}
          note="Set aside in our books for returns; any coins behind it are already among the reserves, so no ratio counts it."
        />
      </div>
    </div>
  );
}

/** Where every balance was read (one block per chain) and the rates that turned coins into dollars. */
export function BlocksAndRates({ statement }: { statement: SolvencyStatement }) {
  const blocks = (['bitcoin', 'ethereum'] as const).flatMap((chain) => {
    const block = statement.blocks[chain];
    return block ? [{ chain, ...block }] : [];
  });
  const rates = (Object.entries(statement.rates) as [Coin, { usdCentsPerCoin: string; at: string }][]).filter(
    ([, rate]) => typeof rate?.usdCentsPerCoin === 'string',
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="rounded-2xl border border-slate-200 bg-white p-5">
        <h3 className="font-semibold text-slate-900">Blocks read</h3>
        {blocks.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No chain was read: no reserve was registered.</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm">
            {blocks.map((block) => (
              <li key={block.chain}>
                <span className="font-medium text-slate-800">
                  {block.chain === 'bitcoin' ? 'Bitcoin' : 'Ethereum'} block{' '}
                  {block.height.toLocaleString('en-US')}
                </span>
                <code className="block font-mono text-xs break-all text-slate-600">{block.hash}</code>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-5">
        <h3 className="font-semibold text-slate-900">Rates used</h3>
        {rates.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No rate was needed: no reserve was registered.</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm">
            {rates.map(([coin, rate]) => (
              <li key={coin}>
                <span className="font-medium text-slate-800">
                  1 {COIN_SYMBOLS[coin]} = {usdOf(rate.usdCentsPerCoin)}
                </span>
                <span className="block text-xs text-slate-600">
                  as of {utcMoment.format(new Date(rate.at))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function AddressLink({ reserve, address }: { reserve: StatedReserve; address: string }) {
  const url = explorerAddressUrl(reserve, address);
  return (
    <span className="min-w-0">
      <code className="font-mono text-xs break-all text-slate-800">{address}</code>
      {url && (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="ml-2 text-xs font-medium whitespace-nowrap text-brand-700 hover:underline"
        >
          Explorer<span className="sr-only"> page of {address} (opens in a new tab)</span>
        </a>
      )}
    </span>
  );
}

function ReserveItem({ reserve }: { reserve: StatedReserve }) {
  const symbol = COIN_SYMBOLS[reserve.coin];
  const funded = reserve.holdings.filter((holding) => holding.amountBaseUnits !== '0');
  const kind =
    reserve.kind === 'account'
      ? `Account key, ${funded.length} funded deposit ${funded.length === 1 ? 'address' : 'addresses'}`
      : 'Address';
  const rows: [string, React.ReactNode][] = [
    ['Kind', kind],
    ['Signing address', <AddressLink key="address" reserve={reserve} address={reserve.address} />],
    ...(reserve.accountKey
      ? ([
          [
            'Account key',
            <code key="key" className="font-mono text-xs break-all text-slate-800">
              {reserve.accountKey}
            </code>,
          ],
        ] as [string, React.ReactNode][])
      : []),
    [
      'Balance',
      `${formatBaseUnits(reserve.amountBaseUnits, reserve.coin)} ${symbol} (${usdOf(reserve.usdCents)})`,
    ],
    ['Signature type', SIGNATURE_TYPES[reserve.signatureType] ?? reserve.signatureType],
  ];
  return (
    <li className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="font-semibold text-slate-900">
        {COIN_NAMES[reserve.coin]}: {formatBaseUnits(reserve.amountBaseUnits, reserve.coin)} {symbol}
      </h3>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="min-w-0 text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
      {reserve.kind === 'account' && funded.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700">Funded deposit addresses</summary>
          <ul className="mt-2 space-y-1">
            {funded.map((holding) => (
              <li key={holding.address} className="min-w-0">
                <AddressLink reserve={reserve} address={holding.address} />{' '}
                <span className="text-xs whitespace-nowrap text-slate-600">
                  {formatBaseUnits(holding.amountBaseUnits, reserve.coin)} {symbol}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Signature and signed text</summary>
        <pre className="mt-2 rounded-lg bg-slate-50 p-3 text-xs break-all whitespace-pre-wrap text-slate-800">
          {reserve.challenge}
        </pre>
        <code className="mt-2 block font-mono text-xs break-all text-slate-800">{reserve.signature}</code>
      </details>
    </li>
  );
}

/** Every reserve the statement counts, with who signed for it and what it held at the block. */
export function ReserveList({ statement }: { statement: SolvencyStatement }) {
  if (statement.reserves.length === 0) {
    return (
      <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
        No reserve address was registered when this snapshot was taken, so it counts reserves of{' '}
        {usdOf(statement.reservesUsdCents)}.
      </p>
    );
  }
  return (
    <ul className="space-y-4" aria-label="Reserves">
      {statement.reserves.map((reserve) => (
        <ReserveItem key={`${reserve.coin}:${reserve.address}`} reserve={reserve} />
      ))}
    </ul>
  );
}
