import {
  formatUsd,
  type LiabilityList,
  type LiabilityProof,
  matchPublishedRoot,
  type ProofCheck,
  verifyLiabilityProof,
} from '@vestora/shared';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../client/api.ts';
import { useSession } from '../../../client/session.ts';
import {
  checkChainInBrowser,
  missingWebCrypto,
  usePublishedLiabilities,
  webSha256,
} from '../../../shell/liabilities-check.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { ErrorNote } from '../../../ui/table.tsx';
import { formatDateTime } from '../format.ts';
import { useLiabilityBalance, useLiabilityProof } from './liabilities-api.ts';

/** Seconds shown: an administrator may take two snapshots within a minute. */
const snapshotTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

interface Step {
  label: string;
  check: ProofCheck;
}

/**
 * The three checks, each run by this browser: the tree (a format 2 leaf recomputed from the
 * signed-in account's id, so a leaf given to someone else fails), the publication, the signatures.
 */
async function verifyInBrowser(
  proof: LiabilityProof,
  list: LiabilityList,
  accountId: string,
): Promise<Step[]> {
  const missing = missingWebCrypto();
  const recomputed: ProofCheck = missing
    ? { isValid: false, problem: missing }
    : await verifyLiabilityProof(proof, webSha256, accountId);
  return [
    {
      label: 'Your leaf and its path add up to the root hash and total (SHA-256 in your browser)',
      check: recomputed,
    },
    {
      label: 'That root and total are the ones published for this snapshot',
      check: matchPublishedRoot(proof, list),
    },
    {
      label:
        "Every published snapshot carries the platform key's Ed25519 signature and names its predecessor",
      check: await checkChainInBrowser(list),
    },
  ];
}

function downloadProof(proof: LiabilityProof) {
  const blob = new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `proof-of-liabilities-${proof.snapshotId}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Whether the leaf names its owner (format 2), so no other depositor can be shown it as theirs. */
function LeafBinding({ proof, accountId }: { proof: LiabilityProof; accountId: string }) {
  return (
    <section aria-labelledby="binding-heading" className="space-y-1 text-sm text-slate-700">
      <h2 id="binding-heading" className="sr-only">
        Your account and your leaf
      </h2>
      <p>
        Your account id: <code className="font-mono text-xs break-all text-slate-900">{accountId}</code>
      </p>
      <p data-testid="proof-format">
        {proof.format === 2
          ? 'Your leaf is bound to your account: no other depositor can be given it.'
          : 'This snapshot was taken before leaves were bound to their owner.'}
      </p>
    </section>
  );
}

function Figure({ title, value, note }: { title: string; value: string; note: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-sm font-medium text-slate-600">{title}</h2>
      <p className="mt-2 text-2xl font-bold tracking-tight text-slate-900">{value}</p>
      <p className="mt-1 text-xs text-slate-500">{note}</p>
    </div>
  );
}

function Verification({
  proof,
  list,
  accountId,
}: {
  proof: LiabilityProof;
  list: LiabilityList;
  accountId: string;
}) {
  const [steps, setSteps] = useState<Step[] | undefined>();
  useEffect(() => {
    let isCurrent = true;
    setSteps(undefined);
    void verifyInBrowser(proof, list, accountId).then((result) => {
      if (isCurrent) setSteps(result);
    });
    return () => {
      isCurrent = false;
    };
  }, [proof, list, accountId]);

  const failure = steps?.find((step) => !step.check.isValid)?.check;
  return (
    <section aria-labelledby="checks-heading" aria-busy={!steps} className="space-y-3">
      <h2 id="checks-heading" className="text-lg font-semibold text-slate-900">
        Checked in your browser
      </h2>
      {!steps && <p className="text-sm text-slate-600">Checking…</p>}
      {steps && !failure && (
        <p
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
        >
          <strong className="font-semibold">Verified:</strong> your balance of{' '}
          {formatUsd(BigInt(proof.leaf.sum))} is counted in the signed total of{' '}
          {formatUsd(BigInt(proof.rootSum))}.
        </p>
      )}
      {failure && !failure.isValid && (
        <Notice tone="error" role="alert">
          <strong className="font-semibold">Not verified:</strong> {failure.problem}
        </Notice>
      )}
      {steps && (
        <ol className="space-y-2 text-sm" aria-label="Checks">
          {steps.map(({ label, check }) => (
            <li key={label} className="flex gap-2">
              <span aria-hidden="true" className={check.isValid ? 'text-emerald-700' : 'text-red-700'}>
                {check.isValid ? '✓' : '✗'}
              </span>
              <span className="text-slate-700">
                {label}: <strong>{check.isValid ? 'yes' : 'no'}</strong>
                {!check.isValid && <span className="block text-red-700">{check.problem}</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function VerifyBalancePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const snapshotId = searchParams.get('snapshot') ?? undefined;
  // The layout sends a visitor without a session to sign in, so the id is there whenever a proof is.
  const accountId = useSession()?.tradeUser._id ?? '';
  const published = usePublishedLiabilities();
  const proof = useLiabilityProof(snapshotId);
  const balance = useLiabilityBalance();
  const list = published.data;
  const snapshot = list?.snapshots.find((candidate) => candidate.id === proof.data?.snapshotId);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Verify my balance"
        description={
          <>
            Check that your balance is counted in the total we publish and sign. What this proves, and what it
            does not:{' '}
            <Link to="/liabilities" className="font-medium text-brand-700 hover:underline">
              Proof of solvency
            </Link>
            .
          </>
        }
      />

      {list && list.snapshots.length > 1 && (
        <label className="block text-sm font-medium text-slate-700">
          Snapshot
          <select
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            value={snapshotId ?? ''}
            onChange={(event) => setSearchParams(event.target.value ? { snapshot: event.target.value } : {})}
          >
            <option value="">Newest</option>
            {list.snapshots.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {snapshotTime.format(new Date(candidate.takenAt))}
              </option>
            ))}
          </select>
        </label>
      )}

      {(proof.isPending || published.isPending) && <PageSpinner label="Loading your proof" />}
      {proof.isError && (
        <p
          role="status"
          className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700"
        >
          {errorMessage(proof.error)}
        </p>
      )}
      {published.isError && <ErrorNote message={errorMessage(published.error)} />}

      {proof.data && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Figure
            title="Counted for you in this snapshot"
            value={formatUsd(BigInt(proof.data.leaf.sum))}
            note={
              snapshot ? `Taken ${formatDateTime(snapshot.takenAt)}` : `Snapshot ${proof.data.snapshotId}`
            }
          />
          <Figure
            title="Your balance now"
            value={balance.data ? formatUsd(BigInt(balance.data.totalCents)) : '…'}
            note={
              balance.data
                ? `Available ${formatUsd(BigInt(balance.data.availableCents))}, held for withdrawal ${formatUsd(BigInt(balance.data.withdrawalHoldCents))}, invested ${formatUsd(BigInt(balance.data.investedCents))}. It differs from the snapshot when money moved since.`
                : 'Loading'
            }
          />
        </div>
      )}

      {proof.data && <LeafBinding proof={proof.data} accountId={accountId} />}

      {proof.data && list && <Verification proof={proof.data} list={list} accountId={accountId} />}

      {proof.data && (
        <section
          aria-labelledby="download-heading"
          className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5"
        >
          <h2 id="download-heading" className="text-lg font-semibold text-slate-900">
            Check it without us
          </h2>
          <p className="text-sm text-slate-600">
            Download your proof and check it with the standalone verifier from the Vestora repository, which
            needs only Node.js and reads the published roots from this site. Give it your account id: it
            recomputes your leaf from it, and refuses a leaf bound to anyone else.
          </p>
          <Button variant="secondary" onClick={() => downloadProof(proof.data)}>
            Download proof (JSON)
          </Button>
          <pre className="rounded-lg bg-slate-900 px-4 py-3 text-xs break-all whitespace-pre-wrap text-slate-100">
            <code>{`node tools/verify-liabilities.mjs proof-of-liabilities-${proof.data.snapshotId}.json --url ${window.location.origin} --account ${accountId}`}</code>
          </pre>
          <p className="text-sm text-slate-600">
            With a node of your own, it also checks the reserves the snapshot states, at the recorded blocks:
            add <code className="font-mono text-xs">--bitcoin-rpc &lt;url&gt;</code> (a Bitcoin Core node:
            every unspent output, its amount and its address) and{' '}
            <code className="font-mono text-xs">--ethereum-rpc &lt;url&gt;</code> (an Ethereum node: the ether
            and USDT balances). Without them it checks your leaf, every signature, the reserves' ownership
            signatures and the statements' sums and ratios.
          </p>
        </section>
      )}
    </div>
  );
}
