import type { Plan } from '@vestora/shared';
import { useId, useState } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { ErrorNote } from '../../../ui/table.tsx';
import { PERIOD_LABELS, usd } from '../format.ts';
import { InvestDialog } from './invest-dialog.tsx';
import { usePlans } from './plans-api.ts';

function PlanCard({ plan, onSelect }: { plan: Plan; onSelect: () => void }) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
    >
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
        {PERIOD_LABELS[plan.period].plans}
      </p>
      <h2 id={headingId} className="mt-1 text-lg font-bold tracking-wide text-slate-900">
        {plan.name}
      </h2>
      <p className="mt-4 flex items-baseline gap-1.5">
        <span className="text-4xl font-bold text-slate-900 tabular-nums">{plan.rate}%</span>
        <span className="text-sm text-slate-600">{PERIOD_LABELS[plan.period].rate}</span>
      </p>
      <dl className="mt-5 flex-1 space-y-2.5 border-t border-slate-100 pt-5 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Range</dt>
          <dd className="text-right font-medium text-slate-900 tabular-nums">
            {usd(plan.minAmount)} – {usd(plan.maxAmount)}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Duration</dt>
          <dd className="font-medium text-slate-900">{plan.durationDays} days</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Principal return</dt>
          <dd className="font-medium text-slate-900">
            {plan.principalReturn ? 'Available' : 'Not returned'}
          </dd>
        </div>
      </dl>
      <Button className="mt-6 w-full" onClick={onSelect} aria-describedby={headingId}>
        Select Plan
      </Button>
    </article>
  );
}

/** The operator's plan catalogue; Select Plan opens the invest dialog for that plan. */
export function PackagesPage() {
  const { data, isPending, isError, error } = usePlans();
  const [selected, setSelected] = useState<Plan | null>(null);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title="Packages" description="Choose a plan and how much of your balance to put in it." />
      {isPending ? (
        <PageSpinner label="Loading plans" />
      ) : isError ? (
        <ErrorNote message={errorMessage(error)} />
      ) : data.data.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white px-4 py-12 text-center text-sm text-slate-600">
          No plans are offered at the moment.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {data.data.map((plan) => (
            <PlanCard key={plan._id} plan={plan} onSelect={() => setSelected(plan)} />
          ))}
        </div>
      )}
      {selected && <InvestDialog plan={selected} onOpenChange={(isOpen) => !isOpen && setSelected(null)} />}
    </div>
  );
}
