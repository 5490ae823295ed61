import type { Plan } from '@vestora/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTable } from '../../../ui/query-table.tsx';
import { Cell, Row } from '../../../ui/table.tsx';
import { ReservePanel } from '../money/reserve-panel.tsx';
import { PERIOD_LABELS, PlanFormDialog, termReturnPercent } from './plan-form-dialog.tsx';
import { usePlans, useSetPlanStatus } from './plans-api.ts';

const COLUMNS = ['Plan', 'Rate', 'Duration', 'Range', 'Principal', 'Status', 'Action'];
/** Plan limits are round figures: "$1,000 – $9,999" reads faster than with cents, which show when set. */
const rangeAmount = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** Which dialog is open, and for which plan. */
type OpenDialog = { kind: 'create' } | { kind: 'edit'; plan: Plan } | { kind: 'retire'; plan: Plan } | null;

function PlanStatus({ status }: { status: Plan['status'] }) {
  return status === 'active' ? (
    <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200 ring-inset">
      Active
    </span>
  ) : (
    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-600 ring-1 ring-slate-200 ring-inset">
      Retired
    </span>
  );
}

function RetireDialog({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const setPlanStatus = useSetPlanStatus();
  const [refusal, setRefusal] = useState<string>();
  const close = () => {
    if (setPlanStatus.isPending) return;
    setRefusal(undefined);
    onClose();
  };
  const onConfirm = () => {
    if (!plan) return;
    setPlanStatus.mutate(
      { id: plan._id, status: 'retired' },
      {
        onSuccess: close,
        onError: (error) => setRefusal(errorMessage(error)),
      },
    );
  };
  return (
    <ConfirmDialog
      open={plan !== null}
      onOpenChange={(open) => !open && close()}
      title={plan ? `Retire ${plan.name}` : 'Retire plan'}
      question="Investors can no longer choose this plan. Running investments continue on their terms, and you can restore the plan later."
      confirmLabel="Retire plan"
      busyLabel="Retiring..."
      isBusy={setPlanStatus.isPending}
      variant="danger"
      onConfirm={onConfirm}
    >
      <FormError message={refusal} />
    </ConfirmDialog>
  );
}

/** The plan catalogue: create, edit, retire and restore, with the reserve that pays the returns. */
export function PlansPage() {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const plans = usePlans();
  const restorePlan = useSetPlanStatus();

  const onRestore = (plan: Plan) =>
    restorePlan.mutate(
      { id: plan._id, status: 'active' },
      {
        onError: (restoreError) => toast.error(errorMessage(restoreError)),
      },
    );

  return (
    <section className="space-y-6">
      <PageHeader
        title="Plans"
        description="The catalogue investors choose from, and the reserve their returns are paid from."
      />

      {/* First, so the console's reserve warning leads straight to the figures and the act that clears it. */}
      <ReservePanel />

      <div className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">Catalogue</h2>
            <p className="max-w-2xl text-sm text-slate-600">
              Edits apply to new investments only: running investments keep the rate, duration and terms they
              started with.
            </p>
          </div>
          <Button onClick={() => setDialog({ kind: 'create' })} className="max-sm:w-full">
            New plan
          </Button>
        </div>

        <QueryTable
          query={plans}
          label="Plans"
          loadingLabel="Loading plans"
          columns={COLUMNS}
          empty="No plans yet. Create the first one."
          renderRow={(plan) => (
            <Row key={plan._id}>
              {/* On phones the card opens with the name and status side by side; the rest follows. */}
              <Cell label="Plan" className="font-semibold break-words text-slate-900">
                {plan.name}
              </Cell>
              <Cell label="Rate" className="whitespace-nowrap max-sm:order-1">
                <p className="font-medium text-slate-900 tabular-nums">
                  {plan.rate}% {PERIOD_LABELS[plan.period].toLowerCase()}
                </p>
                <p className="text-xs text-slate-500">
                  {termReturnPercent(plan.rate, plan.period, plan.durationDays)}% over the term
                </p>
              </Cell>
              <Cell label="Duration" className="whitespace-nowrap text-slate-700 tabular-nums max-sm:order-1">
                {plan.durationDays} days
              </Cell>
              <Cell label="Range" className="text-slate-700 tabular-nums max-sm:order-1 sm:whitespace-nowrap">
                {rangeAmount.format(plan.minAmount)} – {rangeAmount.format(plan.maxAmount)}
              </Cell>
              <Cell label="Principal" className="whitespace-nowrap text-slate-700 max-sm:order-1">
                {plan.principalReturn ? 'Returned' : 'Kept'}
              </Cell>
              <Cell label="Status">
                <PlanStatus status={plan.status} />
              </Cell>
              <Cell label="Action" isWide className="max-sm:order-1">
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Edit ${plan.name}`}
                    onClick={() => setDialog({ kind: 'edit', plan })}
                  >
                    Edit
                  </Button>
                  {plan.status === 'active' ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Retire ${plan.name}`}
                      onClick={() => setDialog({ kind: 'retire', plan })}
                    >
                      Retire
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Restore ${plan.name}`}
                      disabled={restorePlan.isPending}
                      onClick={() => onRestore(plan)}
                    >
                      Restore
                    </Button>
                  )}
                </div>
              </Cell>
            </Row>
          )}
        />
      </div>

      <PlanFormDialog
        plan={dialog?.kind === 'edit' ? dialog.plan : null}
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        onOpenChange={(open) => !open && setDialog(null)}
      />
      <RetireDialog plan={dialog?.kind === 'retire' ? dialog.plan : null} onClose={() => setDialog(null)} />
    </section>
  );
}
