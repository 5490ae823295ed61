import type { ReserveStatus } from '@vestora/shared';
import { Link } from 'react-router';
import { count, usd } from '../../ui/format.ts';
import { AlertIcon } from '../../ui/icons.tsx';
import { type LedgerHealth, useAdminSecurity, useLedgerHealth, useReserve } from './console-status-api.ts';
import { SetupChecklist } from './setup-checklist.tsx';

const plural = (value: number, noun: string) => `${count(value)} ${noun}${value === 1 ? '' : 's'}`;

/** The invariants the ledger breaks, in words, each with its figure; empty when it holds. */
function ledgerProblems(health: LedgerHealth): string[] {
  const problems: string[] = [];
  if (health.totalCents !== '0') {
    problems.push(`The balances sum to ${usd(Number(health.totalCents) / 100)} instead of $0.00.`);
  }
  if (health.negativeUserBalances > 0) {
    problems.push(`${plural(health.negativeUserBalances, 'user account')} below zero.`);
  }
  if (health.mismatchedBalances > 0) {
    problems.push(`${plural(health.mismatchedBalances, 'account balance')} disagreeing with its transfers.`);
  }
  if (health.unsettledApprovedDeposits > 0) {
    problems.push(`${plural(health.unsettledApprovedDeposits, 'approved deposit')} never credited.`);
  }
  if (health.unsettledDecidedWithdrawals > 0) {
    problems.push(`${plural(health.unsettledDecidedWithdrawals, 'decided withdrawal')} never settled.`);
  }
  return problems;
}

function LedgerHealthBanner() {
  const { data: health, isError } = useLedgerHealth();
  if (isError) {
    return (
      <p className="inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-600">
        <span aria-hidden="true" className="h-2 w-2 rounded-full bg-slate-400" />
        Ledger health unavailable
      </p>
    );
  }
  if (!health) return null;
  if (health.isHealthy) {
    return (
      <p
        role="status"
        className="inline-flex items-center gap-2 rounded-full bg-green-50 px-3 py-1 text-xs font-medium text-green-800 ring-1 ring-green-200 ring-inset"
      >
        <span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-500" />
        Ledger balanced
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="w-full rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <p className="flex items-center gap-2 font-semibold text-red-900">
        <AlertIcon width={18} height={18} className="shrink-0" />
        The ledger is out of balance
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-10">
        {ledgerProblems(health).map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <p className="mt-2 pl-6.5">Stop approving money movements and investigate before going on.</p>
    </div>
  );
}

function needsFunding(reserve: ReserveStatus): boolean {
  return reserve.shortfall > 0 || reserve.delayedInvestments > 0;
}

function ReserveWarning() {
  const { data: reserve } = useReserve();
  if (!reserve || !needsFunding(reserve)) return null;
  return (
    <div
      role="alert"
      className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <div className="flex items-start gap-2">
        <AlertIcon width={18} height={18} className="mt-0.5 shrink-0" />
        <p>
          <span className="font-semibold">Plan returns are delayed.</span>{' '}
          {reserve.shortfall > 0 ? (
            <>
              The yield reserve is short by{' '}
              <span className="font-semibold tabular-nums">{usd(reserve.shortfall)}</span>
              {reserve.delayedInvestments > 0
                ? `; ${plural(reserve.delayedInvestments, 'investment')} waiting for a return.`
                : '.'}
            </>
          ) : (
            // Funded since the last payout run: the waiting returns go out on the next one.
            `The reserve now covers what is due; ${plural(reserve.delayedInvestments, 'investment')} will be paid on the next payout run.`
          )}
        </p>
      </div>
      <Link
        to="/admin/plans"
        className="ml-6.5 font-semibold whitespace-nowrap text-amber-900 underline underline-offset-2 hover:text-amber-950"
      >
        Fund the reserve
      </Link>
    </div>
  );
}

/** Advice rather than an emergency, so a status: the console works, but a stolen password is enough. */
function TwoFactorWarning() {
  const { data: security } = useAdminSecurity();
  if (!security || security.adminsWithoutTwoFactor === 0) return null;
  const admins = security.adminsWithoutTwoFactor;
  return (
    <div
      role="status"
      className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <div className="flex items-start gap-2">
        <AlertIcon width={18} height={18} className="mt-0.5 shrink-0" />
        <p>
          <span className="font-semibold">
            {plural(admins, 'administrator')} {admins === 1 ? 'signs' : 'sign'} in without a second factor.
          </span>{' '}
          A stolen password alone opens the console to them.
        </p>
      </div>
      <Link
        to="/user/security"
        className="ml-6.5 font-semibold whitespace-nowrap text-amber-900 underline underline-offset-2 hover:text-amber-950"
      >
        Turn on two-factor sign-in
      </Link>
    </div>
  );
}

/**
 * What every page of the console opens with: the ledger's health (a quiet green note while it
 * holds, a red alert with the failing figures when it does not), a warning while plan returns
 * wait for the reserve, and one while any administrator signs in without a second factor.
 */
export function ConsoleAlerts() {
  return (
    <div className="mb-4 flex flex-col items-end gap-3">
      <LedgerHealthBanner />
      <ReserveWarning />
      <TwoFactorWarning />
      <SetupChecklist />
    </div>
  );
}
