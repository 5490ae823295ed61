import {
  formatUsd,
  type Governance,
  type LiabilityList,
  NO_PREVIOUS_ROOT,
  type ProofCheck,
} from '@vestora/shared';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../client/api.ts';
import {
  checkChainInBrowser,
  checkStatementInBrowser,
  matchesStatementHash,
  usePublishedLiabilities,
  useSnapshotStatement,
} from '../../../shell/liabilities-check.ts';
import { checkStatementFigures, readStatement } from '../../../shell/solvency-format.ts';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { ErrorNote } from '../../../ui/table.tsx';
import { RatioChart } from './ratio-chart.tsx';
import type { RatioPoint } from './ratio-scale.ts';
import { BlocksAndRates, ReserveList, SolvencyFigures } from './solvency-statement.tsx';

type Snapshot = LiabilityList['snapshots'][number];

const UNREADABLE_STATEMENT = "The newest snapshot's statement could not be read.";
const STATEMENT_CHECKED =
  "Checked in your browser: the statement's SHA-256 is its signed statement hash, the listed figures are its own, and its sums and ratios follow from its figures.";

const FORMAT_NOTES: Record<Snapshot['format'], string> = {
  1: 'Format 1: leaves salted, not bound to their owner; no reserves stated',
  2: 'Format 2: leaves bound to their owner; reserves, rates and ratios signed',
};

const takenAtFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'long',
  timeZone: 'UTC',
});

function Hex({ value }: { value: string }) {
  return <code className="font-mono text-xs break-all text-slate-800">{value}</code>;
}

/** "2 of 3": who must agree before a large withdrawal leaves, so depositors know what they trust. */
function governanceSentence({ approvers, eligible }: Governance): string {
  if (approvers <= 1) {
    return 'Money leaving the platform is guarded by a single approver: one staff member can approve a withdrawal alone.';
  }
  return `Money leaving the platform is guarded by ${approvers} of ${eligible} approvers: a large withdrawal is paid only once ${approvers} different staff members have approved it.`;
}

function GovernanceLine({ governance }: { governance: Governance }) {
  return (
    <section aria-labelledby="governance-heading" className="space-y-2">
      <h2 id="governance-heading" className="text-xl font-semibold text-slate-900">
        Who approves payouts
      </h2>
      <p
        className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800"
        data-testid="governance"
      >
        {governanceSentence(governance)}
      </p>
    </section>
  );
}

/** The chain and every signature, checked by this browser as the page opens. */
function ChainStatus({ list }: { list: LiabilityList }) {
  const [check, setCheck] = useState<ProofCheck | undefined>();
  useEffect(() => {
    let isCurrent = true;
    void checkChainInBrowser(list).then((result) => {
      if (isCurrent) setCheck(result);
    });
    return () => {
      isCurrent = false;
    };
  }, [list]);
  if (list.snapshots.length === 0) return null;
  if (!check) {
    return (
      <p aria-busy="true" className="text-sm text-slate-600">
        Checking the signatures in your browser…
      </p>
    );
  }
  return check.isValid ? (
    <p
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
    >
      Checked in your browser: all {list.snapshots.length} signatures are the platform key's, and every
      snapshot names its predecessor's root.
    </p>
  ) : (
    <ErrorNote message={`Check failed: ${check.problem}`} />
  );
}

/**
 * The newest snapshot's statement (the only one the list inlines), hashed and recomputed by this
 * browser: its SHA-256 must be the signed statement hash, the listed figures its own, and its sums
 * and ratios must follow from its figures. Nothing to check when the newest snapshot is of format 1.
 */
function StatementStatus({ list }: { list: LiabilityList }) {
  const [newest] = list.snapshots;
  const text = newest?.format === 2 ? newest.statement : null;
  // Read once per list: a new object every render would check again on every render.
  const statement = useMemo(() => (newest ? readStatement(newest) : null), [newest]);
  const [check, setCheck] = useState<ProofCheck | undefined>();
  useEffect(() => {
    setCheck(undefined);
    if (!newest || text === null || !statement) return;
    let isCurrent = true;
    void checkStatementInBrowser(text, statement, newest).then((result) => {
      if (isCurrent) setCheck(result);
    });
    return () => {
      isCurrent = false;
    };
  }, [newest, text, statement]);
  if (newest?.format !== 2) return null;
  if (!statement) return <ErrorNote message={UNREADABLE_STATEMENT} />;
  if (!check) {
    return (
      <p aria-busy="true" className="text-sm text-slate-600">
        Checking the statement in your browser…
      </p>
    );
  }
  return check.isValid ? (
    <p
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
    >
      {STATEMENT_CHECKED}
    </p>
  ) : (
    <ErrorNote message={`Statement check failed: ${check.problem}`} />
  );
}

const STATEMENT_TEXT_CLASS =
  'mt-2 max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 text-xs break-all whitespace-pre-wrap text-slate-800';

/** An older snapshot's statement, fetched when its details are first opened, and its hash checked. */
function FetchedStatement({ snapshot }: { snapshot: Snapshot }) {
  const { data: text, isPending, isError, error } = useSnapshotStatement(snapshot.id, true);
  const [matches, setMatches] = useState<boolean | undefined>();
  useEffect(() => {
    setMatches(undefined);
    if (text === undefined) return;
    let isCurrent = true;
    void matchesStatementHash(text, snapshot.statementHash).then(
      (result) => {
        if (isCurrent) setMatches(result);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [text, snapshot.statementHash]);
  if (isPending) {
    return (
      <p aria-busy="true" className="mt-2 text-slate-600">
        Loading the statement…
      </p>
    );
  }
  if (isError) return <ErrorNote message={`The statement could not be loaded: ${errorMessage(error)}`} />;
  return (
    <>
      {matches === true && (
        <p className="mt-2 text-xs text-emerald-800">
          Checked in your browser: its SHA-256 is the statement hash above.
        </p>
      )}
      {matches === false && (
        <ErrorNote message="This text's SHA-256 is not the statement hash above: it is not the statement that was signed." />
      )}
      <pre className={STATEMENT_TEXT_CLASS}>{text}</pre>
    </>
  );
}

/**
 * The statement's JSON text: the newest snapshot's comes with the list; an older one's is fetched
 * only when its details are opened, so the list stays small.
 */
function SignedStatement({ snapshot }: { snapshot: Snapshot }) {
  const [hasOpened, setHasOpened] = useState(false);
  if (snapshot.format !== 2) return null;
  return (
    <details
      className="mt-3 text-sm"
      onToggle={(event) => {
        if (event.currentTarget.open) setHasOpened(true);
      }}
    >
      <summary className="cursor-pointer font-medium text-brand-700">
        Signed statement (verbatim JSON)
      </summary>
      {snapshot.statement !== null ? (
        <pre className={STATEMENT_TEXT_CLASS}>{snapshot.statement}</pre>
      ) : (
        hasOpened && <FetchedStatement snapshot={snapshot} />
      )}
    </details>
  );
}

function SnapshotCard({ snapshot, isFirst }: { snapshot: Snapshot; isFirst: boolean }) {
  const rows: [string, React.ReactNode][] = [
    [
      'Format',
      <span key="format" data-testid="snapshot-format">
        {FORMAT_NOTES[snapshot.format]}
      </span>,
    ],
    ['Snapshot id', <Hex key="id" value={snapshot.id} />],
    ['Taken at (signed as)', <Hex key="at" value={snapshot.takenAt} />],
    ['Root hash', <Hex key="root" value={snapshot.rootHash} />],
    ['Root sum (cents)', <Hex key="sum" value={snapshot.rootSum} />],
    ['Leaves (padded)', snapshot.leafCount.toLocaleString('en-US')],
    [
      'Previous root hash',
      isFirst && snapshot.previousRootHash === NO_PREVIOUS_ROOT ? (
        <span key="prev">64 zeros: the first snapshot has no predecessor</span>
      ) : (
        <Hex key="prev" value={snapshot.previousRootHash} />
      ),
    ],
    [
      'Statement hash',
      snapshot.statementHash === null ? (
        <span key="statement">None: format 1 signs no statement</span>
      ) : (
        <Hex key="statement" value={snapshot.statementHash} />
      ),
    ],
    ['Signature', <Hex key="sig" value={snapshot.signature} />],
  ];
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="text-base font-semibold text-slate-900">
        {takenAtFormat.format(new Date(snapshot.takenAt))}: {formatUsd(BigInt(snapshot.rootSum))} owed to
        users
      </h3>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
      </dl>
      <SignedStatement snapshot={snapshot} />
    </li>
  );
}

/**
 * Solvency as the newest snapshot states it, and only the newest: an older snapshot never stands in
 * for a statement that is missing or unreadable. The chart shows the figures every format 2 snapshot
 * lists beside its statement hash; the newest one's are checked against its statement.
 */
function Solvency({ list }: { list: LiabilityList }) {
  const [newest] = list.snapshots;
  const statement = newest ? readStatement(newest) : null;
  const points: RatioPoint[] = list.snapshots
    .flatMap(({ id, takenAt, figures }) =>
      figures
        ? [
            {
              id,
              takenAt,
              solvencyBasisPoints: figures.solvencyBasisPoints,
              coverageBasisPoints: figures.coverageBasisPoints,
            },
          ]
        : [],
    )
    .reverse();
  const check = newest && statement ? checkStatementFigures(statement, newest) : null;
  return (
    <section aria-labelledby="solvency-heading" className="space-y-6" data-testid="solvency">
      <div className="space-y-1">
        <h2 id="solvency-heading" className="text-xl font-semibold text-slate-900">
          Solvency at the newest snapshot
        </h2>
        {newest && (
          <p className="text-sm text-slate-600">
            Taken {takenAtFormat.format(new Date(newest.takenAt))}, signed with the key below.
          </p>
        )}
      </div>
      {!newest && (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
          No snapshot states its reserves yet: none has been published.
        </p>
      )}
      {newest?.format === 1 && (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
          The newest snapshot states no reserves: it is of format 1, which proves what we owe only.
        </p>
      )}
      {newest?.format === 2 && !statement && <ErrorNote message={UNREADABLE_STATEMENT} />}
      {statement && (
        <>
          {check && !check.isValid && (
            <p className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              These figures do not add up: {check.problem}
            </p>
          )}
          <SolvencyFigures statement={statement} />
          <BlocksAndRates statement={statement} />
          <section aria-labelledby="reserves-heading" className="space-y-3">
            <h3 id="reserves-heading" className="text-lg font-semibold text-slate-900">
              Reserves counted
            </h3>
            {statement.reserves.length > 0 && (
              <p className="text-sm text-slate-600" data-testid="reserve-signatures-note">
                The signatures below are checked by the standalone verifier, not by this page: see{' '}
                <a href="#check-it-yourself" className="font-medium text-brand-700 hover:underline">
                  Check it yourself
                </a>
                .
              </p>
            )}
            <ReserveList statement={statement} />
          </section>
          <section aria-labelledby="ratios-heading" className="space-y-3">
            <h3 id="ratios-heading" className="text-lg font-semibold text-slate-900">
              Ratios over time
            </h3>
            <RatioChart points={points} />
          </section>
        </>
      )}
    </section>
  );
}

export function LiabilitiesPage() {
  const { data: list, isPending, isError, error } = usePublishedLiabilities();
  const origin = window.location.origin;
  return (
    <article className="mx-auto max-w-4xl space-y-10 px-4 py-14 sm:px-6 sm:py-20">
      <header className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Proof of solvency</h1>
        <p className="leading-relaxed text-slate-600">
          Every day we publish and sign what we owe our users, with a fingerprint (the root hash) of every
          balance that makes it up, and what we hold: each reserve address with its owner's signature and its
          balance at a stated block. Each user can check, without trusting us, that their own balance is
          counted. Signed-in users do so on{' '}
          <Link to="/user/verify-balance" className="font-medium text-brand-700 hover:underline">
            Verify my balance
          </Link>
          .
        </p>
      </header>

      {isPending && <PageSpinner label="Loading the published snapshots" />}
      {list && <Solvency list={list} />}

      <section aria-labelledby="shows-heading" className="grid gap-6 sm:grid-cols-2">
        <div className="rounded-2xl border border-emerald-200 bg-emerald-50/60 p-5">
          <h2 id="shows-heading" className="font-semibold text-slate-900">
            What the proof shows
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-relaxed text-slate-700">
            <li>Your balance is counted in a published total that is no smaller than it.</li>
            <li>
              The total cannot leave a user out, or count less than they hold, without that user being able to
              notice when they check.
            </li>
            <li>
              Each leaf names its owner's account, so one balance cannot be shown to two users as theirs.
            </li>
            <li>
              We control each reserve address: its key signed a text naming this platform, the address and the
              day. Anyone can read its balance at the stated block.
            </li>
            <li>
              Each snapshot is signed with our key and names the one before it, so a published total cannot be
              quietly replaced later.
            </li>
          </ul>
        </div>
        <div className="rounded-2xl border border-amber-200 bg-amber-50/60 p-5">
          <h2 className="font-semibold text-slate-900">What it does not show</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-relaxed text-slate-700">
            <li>
              Our assets beyond the listed addresses. Money held elsewhere is not counted, and a reserve we
              leave out cannot be detected by you: it only lowers our own ratio.
            </li>
            <li>
              That a reserve is still held after its block: a balance is read at the stated block, not
              afterwards.
            </li>
            <li>
              A left-out balance is only caught if its owner checks. The more users check, the stronger it is.
            </li>
            <li>
              Your proof carries the sums of a few other tree branches, so it reveals the size of a few other
              balances or groups of balances, never whose they are.
            </li>
          </ul>
        </div>
      </section>

      {list && <GovernanceLine governance={list.governance} />}

      <section aria-labelledby="key-heading" className="space-y-3">
        <h2 id="key-heading" className="text-xl font-semibold text-slate-900">
          Our signing key (Ed25519, hex)
        </h2>
        {isError && <ErrorNote message={errorMessage(error)} />}
        {list && (
          <p className="rounded-lg border border-slate-200 bg-white px-4 py-3" data-testid="public-key">
            <Hex value={list.publicKey} />
          </p>
        )}
      </section>

      <section aria-labelledby="roots-heading" className="space-y-4">
        <h2 id="roots-heading" className="text-xl font-semibold text-slate-900">
          Published roots, newest first
        </h2>
        {list && <ChainStatus list={list} />}
        {list && <StatementStatus list={list} />}
        {list && list.snapshots.length === 0 && (
          <p className="text-sm text-slate-600">No snapshot has been published yet.</p>
        )}
        {list && (
          <ol className="space-y-4" aria-label="Published roots">
            {list.snapshots.map((snapshot, index) => (
              <SnapshotCard
                key={snapshot.id}
                snapshot={snapshot}
                isFirst={index === list.snapshots.length - 1}
              />
            ))}
          </ol>
        )}
      </section>

      <section
        id="check-it-yourself"
        aria-labelledby="format-heading"
        className="scroll-mt-32 space-y-3 text-sm leading-relaxed text-slate-700"
      >
        <h2 id="format-heading" className="text-xl font-semibold text-slate-900">
          Check it yourself
        </h2>
        <p>
          The tree is the Merkle sum tree of ethereum/research{' '}
          <code className="break-all">proof_of_solvency/merkle_sum_tree.py</code>, with every parent
          committing to both children's sums. Sums are whole cents.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            leaf = (SHA-256(nonce ‖ UTF-8 of your account id ‖ UTF-8 of the snapshot id), your balance:
            available + held for withdrawal + invested); snapshots of format 1 used SHA-256(salt ‖ UTF-8 of
            leafId);
          </li>
          <li>
            parent = (SHA-256(L.hash ‖ L.sum as 32-byte big-endian ‖ R.hash ‖ R.sum as 32-byte big-endian),
            L.sum + R.sum);
          </li>
          <li>
            leaves are shuffled for every snapshot and padded to a power of two with (32 zero bytes, 0); at
            each level a node at an even index is the left child.
          </li>
          <li>
            Each signature is over the UTF-8 bytes of{' '}
            <code className="break-all">id:takenAt:rootHash:rootSum:previousRootHash:statementHash</code>,
            with takenAt exactly as listed (ISO 8601, UTC, milliseconds), rootSum in cents as a decimal
            number, the first snapshot's previousRootHash 64 zeros, and statementHash the SHA-256 hex of the
            statement's text exactly as published (format 1 signs without the last field). The list gives the
            newest statement's text; any other's is at{' '}
            <code className="break-all">/api/liabilities/&lt;snapshot id&gt;/statement</code>.
          </li>
          <li>
            A reserve's signature is Bitcoin Core's signed message (legacy addresses), a BIP-322 simple
            signature (native SegWit) or an EIP-191 personal_sign (Ethereum), over the text shown with it.
            This page does not check these signatures; the verifier below does.
          </li>
          <li>
            In the statement, liabilitiesCents equals rootSum, reservesUsdCents is the sum of the reserves'
            usdCents, and each reserve's amountBaseUnits is the sum of its holdings. This page recomputes
            these and both ratios:
            <ul className="mt-1 list-[circle] space-y-1 pl-5">
              <li>
                solvency = floor(reservesUsdCents × 10000 / liabilitiesCents) basis points, none when nothing
                is owed;
              </li>
              <li>
                obligation coverage = floor(reservesUsdCents × 10000 / (liabilitiesCents +
                promisedReturnsCents)) basis points: reserves against balances plus invested principal plus
                every plan return promised until maturity, none when that is 0.
              </li>
            </ul>
            The yield reserve (yieldReserveCents) is a ledger figure, not proven on chain, and counts in
            neither ratio: its coins, if they exist, are already among the reserves.
          </li>
        </ul>
        <p>
          With the proof file from Verify my balance and Node.js, the repository's standalone verifier checks
          all of this against this page's data:
        </p>
        <pre className="rounded-lg bg-slate-900 px-4 py-3 text-xs break-all whitespace-pre-wrap text-slate-100">
          <code>{`node tools/verify-liabilities.mjs proof.json --url ${origin} --account <your account id>${list ? ` --key ${list.publicKey}` : ''}`}</code>
        </pre>
        <p>
          Add <code>--bitcoin-rpc &lt;url&gt;</code> and <code>--ethereum-rpc &lt;url&gt;</code> with nodes of
          your own to have it read every reserve's balance at the stated blocks too.
        </p>
        <p>
          Note the key above: with <code>--key</code>, the verifier also refuses a platform that later
          publishes another key and signs its history again.
        </p>
      </section>
    </article>
  );
}
