import type { Reserve } from '@vestora/shared';
import { formatUsd } from '@vestora/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../client/api.ts';
import { usePublishedLiabilities } from '../../../shell/liabilities-check.ts';
import {
  COIN_NAMES,
  checkStatementFigures,
  formatBasisPoints,
  isBelowFullCover,
  readStatement,
} from '../../../shell/solvency-format.ts';
import { Button } from '../../../ui/button.tsx';
import { CardSection } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { Notice } from '../../../ui/notice.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTable } from '../../../ui/query-table.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { Cell, Row } from '../../../ui/table.tsx';
import { ReserveForm } from './reserve-form.tsx';
import { useRemoveReserve, useReserves, useTakeSnapshot } from './solvency-api.ts';

const COLUMNS = ['Coin', 'Address', 'Kind', 'Signature', 'Registered', 'Actions'] as const;
const SIGNATURE_TYPES: Record<Reserve['signatureType'], string> = {
  'bip322-simple': 'BIP-322 simple',
  'bitcoin-legacy': 'Bitcoin signed message',
  eip191: 'EIP-191',
};

const ratioText = (basisPoints: number | null) =>
  basisPoints === null ? 'Nothing is owed' : formatBasisPoints(basisPoints);

/** The newest published snapshot's figures, so the operator sees what the button just signed. */
function NewestSnapshot() {
  const published = usePublishedLiabilities();
  return (
    <CardSection
      title="Newest snapshot"
      description={
        <>
          As the public{' '}
          <Link to="/liabilities" className="font-medium text-brand-700 hover:underline">
            Proof of solvency
          </Link>{' '}
          page shows it.
        </>
      }
    >
      <QueryView
        query={published}
        loadingLabel="Loading the snapshots"
        empty={{ when: (list) => list.snapshots.length === 0, content: 'No snapshot has been taken yet.' }}
      >
        {(list) => {
          const [newest] = list.snapshots;
          if (!newest) return null;
          const statement = readStatement(newest);
          const check = statement ? checkStatementFigures(statement, newest) : null;
          return (
            <div className="space-y-3">
              <dl
                className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[14rem_1fr]"
                data-testid="newest-snapshot"
              >
                <dt className="font-medium text-slate-600">Taken</dt>
                <dd>{formatDateTime(newest.takenAt)}</dd>
                <dt className="font-medium text-slate-600">Owed to users</dt>
                <dd>{formatUsd(BigInt(newest.rootSum))}</dd>
                {statement && (
                  <>
                    <dt className="font-medium text-slate-600">Reserves</dt>
                    <dd>{formatUsd(BigInt(statement.reservesUsdCents))}</dd>
                    <dt className="font-medium text-slate-600">Solvency ratio</dt>
                    <dd
                      className={
                        isBelowFullCover(statement.solvencyBasisPoints) ? 'font-semibold text-red-700' : ''
                      }
                    >
                      {ratioText(statement.solvencyBasisPoints)}
                    </dd>
                    <dt className="font-medium text-slate-600">Obligation coverage ratio</dt>
                    <dd
                      className={
                        isBelowFullCover(statement.coverageBasisPoints) ? 'font-semibold text-red-700' : ''
                      }
                    >
                      {ratioText(statement.coverageBasisPoints)}
                    </dd>
                    <dt className="font-medium text-slate-600">
                      Yield reserve (ledger, not proven on chain)
                    </dt>
                    <dd>{formatUsd(BigInt(statement.yieldReserveCents))}</dd>
                  </>
                )}
              </dl>
              {newest.format === 1 && (
                <p className="text-sm text-slate-600">
                  The newest snapshot states no reserves: it is of format 1.
                </p>
              )}
              {newest.format === 2 && !statement && (
                <Notice tone="error" role="alert">
                  The newest snapshot's statement could not be read.
                </Notice>
              )}
              {check && !check.isValid && (
                <Notice tone="error" role="alert">
                  The statement's figures do not add up: {check.problem}
                </Notice>
              )}
              {statement && (
                <p className="text-xs text-slate-600">
                  Obligation coverage: reserves against balances plus invested principal plus every plan
                  return promised until maturity. The yield reserve is a ledger figure: any coins behind it
                  are already among the reserves, so no ratio counts it.
                </p>
              )}
            </div>
          );
        }}
      </QueryView>
    </CardSection>
  );
}

/** Stops counting a reserve from the next snapshot, after a confirmation. */
function RemoveReserveButton({ reserve }: { reserve: Reserve }) {
  const removeReserve = useRemoveReserve();
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Remove ${reserve.address}`}
        onClick={() => {
          setError(undefined);
          setIsOpen(true);
        }}
      >
        Remove
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={(open) => {
          if (!removeReserve.isPending) setIsOpen(open);
        }}
        title="Remove this reserve address?"
        question={`${reserve.address} stops counting from the next snapshot: the reserves and the ratios it publishes fall by its balance. Snapshots already published keep it.`}
        confirmLabel="Remove"
        busyLabel="Removing…"
        isBusy={removeReserve.isPending}
        variant="danger"
        onConfirm={() =>
          removeReserve.mutate(reserve.id, {
            onSuccess: () => setIsOpen(false),
            onError: (failed) => setError(errorMessage(failed)),
          })
        }
      >
        {error && (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        )}
      </ConfirmDialog>
    </>
  );
}

function ReserveRow({ reserve }: { reserve: Reserve }) {
  return (
    <Row>
      <Cell label="Coin">{COIN_NAMES[reserve.coin]}</Cell>
      <Cell label="Address" isWide className="max-w-md">
        <code className="font-mono text-xs break-all">{reserve.address}</code>
        {reserve.accountKey && (
          <span className="mt-1 block text-xs text-slate-600">
            Account key <code className="font-mono break-all">{reserve.accountKey}</code>, receive index{' '}
            {reserve.childIndex}
          </span>
        )}
      </Cell>
      <Cell label="Kind">{reserve.kind === 'account' ? 'Account key' : 'Address'}</Cell>
      <Cell label="Signature">{SIGNATURE_TYPES[reserve.signatureType]}</Cell>
      <Cell label="Registered">{formatDateTime(reserve.registeredAt)}</Cell>
      <Cell label="Actions">
        <RemoveReserveButton reserve={reserve} />
      </Cell>
    </Row>
  );
}

/** /admin/solvency: the reserves each snapshot counts, and a snapshot taken on demand. */
export function SolvencyPage() {
  const takeSnapshot = useTakeSnapshot();
  const reserves = useReserves();
  return (
    <section className="space-y-6">
      <PageHeader
        title="Solvency"
        description="Each snapshot signs what the platform owes, the balances of the reserve addresses below at one block per chain, and the ratios between them."
      >
        <Button onClick={() => takeSnapshot.mutate()} disabled={takeSnapshot.isPending}>
          {takeSnapshot.isPending ? 'Taking the snapshot…' : 'Take snapshot now'}
        </Button>
      </PageHeader>
      <NewestSnapshot />
      <section aria-labelledby="reserves-heading" className="space-y-3">
        <h2 id="reserves-heading" className="text-lg font-semibold text-slate-900">
          Registered reserves
        </h2>
        <QueryTable
          query={reserves}
          label="Registered reserves"
          loadingLabel="Loading the reserves"
          columns={COLUMNS}
          empty="No reserve address is registered: snapshots count reserves of $0.00."
          renderRow={(reserve) => <ReserveRow key={reserve.id} reserve={reserve} />}
        />
      </section>
      <ReserveForm />
    </section>
  );
}
