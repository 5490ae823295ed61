import { type Investment, PERIOD_DAYS, PLAN_PERIODS } from '@vestora/shared';
import { Link } from 'react-router';
import { errorMessage } from '../../../client/api.ts';
import { buttonClass } from '../../../ui/button.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { Cell, ErrorNote, HeaderCell, Row, TableCard } from '../../../ui/table.tsx';
import { formatDate, formatDateTime, PERIOD_LABELS, usd } from '../format.ts';
import { useInvestments } from './plans-api.ts';

const COLUMNS = [
  'Plan Name',
  'Amount Deposited',
  'Total Return',
  'Duration',
  'Interest',
  'Date Started',
  'Date Completed',
] as const;

/** "3.6% daily": the investment keeps its period in days, the labels are by period. */
function interestLabel(investment: Investment): string {
  const period = PLAN_PERIODS.find((name) => PERIOD_DAYS[name] === investment.periodDays);
  return period
    ? `${investment.rate}% ${PERIOD_LABELS[period].rate}`
    : `${investment.rate}% every ${investment.periodDays} days`;
}

const STATUS = {
  active: { label: 'Active', tone: 'bg-sky-100 text-sky-800 ring-sky-200' },
  completed: { label: 'Completed', tone: 'bg-green-100 text-green-800 ring-green-200' },
  delayed: { label: 'Return delayed', tone: 'bg-amber-100 text-amber-900 ring-amber-200' },
} as const;

function InvestmentStatus({ investment }: { investment: Investment }) {
  const { label, tone } = STATUS[investment.isReturnDelayed ? 'delayed' : investment.status];
  return (
    <span
      className={`mt-1 inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tone}`}
    >
      {label}
    </span>
  );
}

function InvestmentRow({ investment }: { investment: Investment }) {
  return (
    <Row>
      {/* The status rides with the name: a column of its own would push the table past a laptop's width. */}
      <Cell label="Plan Name">
        <span className="block font-semibold text-slate-900">{investment.planName}</span>
        <InvestmentStatus investment={investment} />
      </Cell>
      <Cell label="Amount Deposited" className="tabular-nums">
        {usd(investment.amount)}
      </Cell>
      <Cell label="Total Return" className="tabular-nums">
        {usd(investment.totalReturn)}
        <span className="block text-xs text-slate-500">paid so far, of {usd(investment.expectedReturn)}</span>
        {investment.nextPayoutAt && (
          <span className="block text-xs text-slate-500">
            Next payout {formatDateTime(investment.nextPayoutAt)}
          </span>
        )}
      </Cell>
      <Cell label="Duration">{investment.periodsTotal * investment.periodDays} days</Cell>
      <Cell label="Interest" className="whitespace-nowrap">
        {interestLabel(investment)}
      </Cell>
      <Cell label="Date Started" className="whitespace-nowrap">
        {formatDate(investment.startedAt)}
      </Cell>
      <Cell label="Date Completed" className="whitespace-nowrap">
        {investment.completedAt ? (
          formatDate(investment.completedAt)
        ) : (
          <span className="text-slate-500">Due {formatDate(investment.endsAt)}</span>
        )}
      </Cell>
    </Row>
  );
}

export function MyPlansPage() {
  const { data, isPending, isError, error } = useInvestments();
  const investments = data?.data ?? [];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={`My Investment (${investments.length})`}
        description="Your plans, what they have paid and when they end."
      >
        {investments.length > 0 && (
          <Link to="/user/invest" className={buttonClass('secondary')}>
            Invest Now
          </Link>
        )}
      </PageHeader>
      {isPending ? (
        <PageSpinner label="Loading your plans" />
      ) : isError ? (
        <ErrorNote message={errorMessage(error)} />
      ) : investments.length === 0 ? (
        <div className="rounded-2xl border border-slate-200 bg-white px-4 py-14 text-center shadow-sm">
          <p className="font-medium text-slate-800">You do not have any plans</p>
          <Link to="/user/invest" className={buttonClass('primary', 'mt-4')}>
            Invest Now
          </Link>
        </div>
      ) : (
        <TableCard label="My investments">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <HeaderCell key={column}>{column}</HeaderCell>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {investments.map((investment) => (
              <InvestmentRow key={investment._id} investment={investment} />
            ))}
          </tbody>
        </TableCard>
      )}
    </div>
  );
}
