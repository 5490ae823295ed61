import { describeAuditChain, type LedgerHealth, type ReserveStatus } from '@vestora/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { count, usd } from '../../ui/format.ts';
import { AlertIcon } from '../../ui/icons.tsx';
import { Notice } from '../../ui/notice.tsx';
import { useAdminSecurity, useAuditChain, useLedgerHealth, useReserve } from './console-status-api.ts';
import { useWallets } from './gateways/wallets-api.ts';
import { SetupChecklist } from './settings/setup-checklist.tsx';
import { useStaffPermissions } from './staff/staff-permissions.ts';

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

/** A check that could not be made: grey, so it neither reassures nor alarms. */
function UnavailableNote({ children }: { children: ReactNode }) {
  return (
    <p className="inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-600">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-slate-400" />
      {children}
    </p>
  );
}

/** A check that holds: a quiet green note. */
function HealthyNote({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="inline-flex items-center gap-2 rounded-full bg-green-50 px-3 py-1 text-xs font-medium text-green-800 ring-1 ring-green-200 ring-inset"
    >
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-500" />
      {children}
    </p>
  );
}

function LedgerHealthBanner() {
  const { data: health, isError } = useLedgerHealth();
  if (isError) return <UnavailableNote>Ledger health unavailable</UnavailableNote>;
  if (!health) return null;
  if (health.isHealthy) return <HealthyNote>Ledger balanced</HealthyNote>;
  return (
    <Notice tone="error" role="alert" className="w-full">
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
    </Notice>
  );
}

/** Whether the audit log's hash chain holds: no entry edited or removed in the database. */
function AuditChainBanner() {
  const { data: chain, isError } = useAuditChain();
  if (isError) return <UnavailableNote>Audit log check unavailable</UnavailableNote>;
  if (!chain) return null;
  if (chain.ok) return <HealthyNote>{describeAuditChain(chain)}</HealthyNote>;
  return (
    <Notice tone="error" role="alert" className="w-full">
      <p className="flex items-center gap-2 font-semibold text-red-900">
        <AlertIcon width={18} height={18} className="shrink-0" />
        {describeAuditChain(chain)}
      </p>
      <p className="mt-1 pl-6.5">
        An entry was changed or removed in the database, outside the platform. Keep a backup of the database
        as it is and find out who had access to it.
      </p>
    </Notice>
  );
}

function needsFunding(reserve: ReserveStatus): boolean {
  return reserve.shortfall > 0 || reserve.delayedInvestments > 0;
}

/** A warning across the console: what is wrong, and where to put it right when there is a place. */
function AmberBanner({
  role,
  children,
  action,
}: {
  role: 'alert' | 'status';
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Notice
      tone="warning"
      role={role}
      className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2"
    >
      <div className="flex items-start gap-2">
        <AlertIcon width={18} height={18} className="mt-0.5 shrink-0" />
        <p>{children}</p>
      </div>
      {action}
    </Notice>
  );
}

const BANNER_LINK_CLASS =
  'ml-6.5 font-semibold whitespace-nowrap text-amber-900 underline underline-offset-2 hover:text-amber-950';

function ReserveWarning() {
  const { data: reserve } = useReserve();
  if (!reserve || !needsFunding(reserve)) return null;
  return (
    <AmberBanner
      role="alert"
      action={
        <Link to="/admin/plans" className={BANNER_LINK_CLASS}>
          Fund the reserve
        </Link>
      }
    >
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
    </AmberBanner>
  );
}

/** Confirmed chain deposits are not credited at a stale price: they wait, and this says so. */
function RateWarning() {
  const { data } = useWallets();
  const waiting = data?.data.filter((wallet) => wallet.waitingForRate > 0) ?? [];
  if (waiting.length === 0) return null;
  return (
    <AmberBanner role="alert">
      <span className="font-semibold">Confirmed deposits wait for a current rate:</span>{' '}
      {waiting
        .map((wallet) => `${plural(wallet.waitingForRate, 'deposit')} in ${wallet.coin.toUpperCase()}`)
        .join(', ')}
      . Set the rate to credit them.
    </AmberBanner>
  );
}

/** Advice rather than an emergency, so a status: the console works, but a stolen password is enough. */
function TwoFactorWarning() {
  const { data: security } = useAdminSecurity();
  if (!security || security.adminsWithoutTwoFactor === 0) return null;
  const admins = security.adminsWithoutTwoFactor;
  return (
    <AmberBanner
      role="status"
      action={
        <Link to="/user/security" className={BANNER_LINK_CLASS}>
          Turn on two-factor sign-in
        </Link>
      }
    >
      <span className="font-semibold">
        {plural(admins, 'administrator')} {admins === 1 ? 'signs' : 'sign'} in without a second factor.
      </span>{' '}
      A stolen password alone opens the console to them.
    </AmberBanner>
  );
}

/** Four eyes need two people: said on every page while one person approves payouts alone. */
function SingleApproverWarning({ canAddStaff }: { canAddStaff: boolean }) {
  const { data: security } = useAdminSecurity();
  if (!security || security.governance.approvers > 1) return null;
  return (
    <AmberBanner
      role="status"
      action={
        canAddStaff && (
          <Link to="/admin/staff" className={BANNER_LINK_CLASS}>
            Add staff
          </Link>
        )
      }
    >
      <span className="font-semibold">This platform has one staff member who can approve payouts</span>: every
      withdrawal, large credit and address change is one person's decision alone.
    </AmberBanner>
  );
}

/**
 * What every page of the console opens with: the ledger's health and the audit log's chain side
 * by side (a quiet green note each while it holds, a red alert with what fails when it does not),
 * a warning while plan returns wait for the reserve, one while any administrator signs in
 * without a second factor, and one while a single person approves payouts.
 */
export function ConsoleAlerts() {
  const { can } = useStaffPermissions();
  return (
    <div className="mb-4 flex flex-col items-end gap-3">
      <div className="flex w-full flex-wrap items-start justify-end gap-2">
        <LedgerHealthBanner />
        {can('audit.read') && <AuditChainBanner />}
      </div>
      {can('money.read') && <ReserveWarning />}
      {can('config.read') && <RateWarning />}
      <TwoFactorWarning />
      <SingleApproverWarning canAddStaff={can('staff.manage')} />
      {/* Setting the platform up is the owners' work; its steps open pages others cannot use. */}
      {can('config.manage') && <SetupChecklist />}
    </div>
  );
}
