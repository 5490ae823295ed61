import { useState } from 'react';
import { Link } from 'react-router';
import { EyeIcon, EyeOffIcon } from '../../../ui/icons.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { EmailConfirmationNotice } from '../account/email-confirmation-notice.tsx';
import { useProfile } from '../account/profile-api.ts';
import { usd } from '../format.ts';
import { BitcoinChart, MarketTicker } from './market-widgets.tsx';

const MASK = '******';

function SummaryCard({ title, value }: { title: string; value: string }) {
  const [isShown, setIsShown] = useState(false);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        <button
          type="button"
          aria-label={`${isShown ? 'Hide' : 'Show'} ${title}`}
          aria-pressed={isShown}
          onClick={() => setIsShown((shown) => !shown)}
          className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          {isShown ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      <p className="mt-3 text-2xl font-bold tracking-tight text-slate-900" aria-live="polite">
        {isShown ? value : MASK}
      </p>
    </div>
  );
}

export function OverviewPage() {
  const { data: user } = useProfile();
  if (!user) return null;
  const pendingDeposits = user.deposits.filter((deposit) => deposit.status === 'pending').length;

  const cards = [
    { title: 'Total Balance', value: usd(user.accountBalance) },
    { title: 'Total Deposit', value: usd(user.totalDeposit) },
    { title: 'Earnings', value: usd(user.totalProfit) },
    { title: 'All Withdraw', value: usd(user.totalWithdrawn) },
    { title: 'Total Interest', value: usd(user.totaInterest) },
    { title: 'Deposits', value: `${pendingDeposits} pending` },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <MarketTicker />
      <PageHeader title={`Hello, ${user.fullName}`} description="Here is where your money stands." />
      {!user.isEmailConfirmed && (
        <EmailConfirmationNotice user={user} reason="Please confirm your email address to withdraw." />
      )}
      {!user.isVerified && (
        <Notice tone="warning" role="status">
          <strong className="font-semibold">Your account is under review.</strong> You can deposit now;
          withdrawals and plans open once an administrator has verified your account.{' '}
          <Link to="/user/verification" className="font-semibold underline underline-offset-2">
            Verify your identity
          </Link>
        </Notice>
      )}
      <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <SummaryCard key={card.title} {...card} />
        ))}
      </section>
      <BitcoinChart />
    </div>
  );
}
