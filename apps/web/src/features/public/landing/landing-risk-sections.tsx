import { Link } from 'react-router';
import {
  AlertIcon,
  ChartIcon,
  ClipboardIcon,
  ShieldIcon,
  UsersIcon,
  WalletIcon,
} from '../../../ui/icons.tsx';
import { type Card, Section, SectionHeading } from './landing-section-layout.tsx';

/* The landing page's closing sections: the coins themselves, the risks, and the call to sign up. */

const RESEARCH_CARDS = [
  {
    coin: 'Bitcoin',
    symbol: 'BTC',
    text: 'The first cryptocurrency, with a supply capped at 21 million coins. Its price can move sharply in either direction within a day.',
  },
  {
    coin: 'Ethereum',
    symbol: 'ETH',
    text: 'A programmable network whose coin pays for computation. Its value follows demand for the network and the wider market.',
  },
  {
    coin: 'Tether',
    symbol: 'USDT',
    text: 'A stablecoin designed to track the US dollar, backed by its issuer’s reserves. Designed to be stable is not the same as risk-free.',
  },
] as const;

const RISK_DIMENSIONS: Card[] = [
  {
    icon: ChartIcon,
    title: 'Market',
    text: 'Crypto prices swing. Plans state their terms in US dollars, and the risk notice below applies to all of them.',
  },
  {
    icon: WalletIcon,
    title: 'Reserve',
    text: 'Plan returns are paid from a reserve the operator funds. When it cannot cover a payment, the payment waits; nothing is credited that is not held.',
  },
  {
    icon: ClipboardIcon,
    title: 'Records',
    text: 'Every balance comes from a double-entry ledger. No movement is ever edited or deleted, and the books must always balance.',
  },
  {
    icon: ShieldIcon,
    title: 'Access',
    text: 'Passwords are stored as memory-hard hashes, sessions can be revoked, two-factor sign-in is available, and proofs are private.',
  },
  {
    icon: UsersIcon,
    title: 'People',
    text: 'Administrators’ credits, debits, approvals and declines carry who, when and why, and appear in the affected person’s history.',
  },
  {
    icon: AlertIcon,
    title: 'Suspicious activity',
    text: 'Repeated failed sign-ins are refused for a while, and a suspended account can neither sign in nor move money.',
  },
];

export function ResearchSection() {
  return (
    <Section tinted>
      <SectionHeading
        eyebrow="Proprietary research"
        title="Know what you hold"
        intro="Short notes on the three coins you can deposit, in plain words."
      />
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {RESEARCH_CARDS.map((card) => (
          <li
            key={card.symbol}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <div className="flex items-center gap-3">
              <span className="flex h-11 min-w-11 items-center justify-center rounded-xl bg-slate-900 px-2 text-xs font-bold text-white">
                {card.symbol}
              </span>
              <h3 className="text-lg font-semibold text-slate-900">{card.coin}</h3>
            </div>
            <p className="mt-4 leading-relaxed text-slate-600">{card.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function RiskSection() {
  return (
    <Section>
      <SectionHeading
        eyebrow="Multidimensional risk management"
        title="Risk, looked at from every side"
        intro="No investment is without risk. Here is how each kind is handled, and what remains yours to weigh."
      />
      <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {RISK_DIMENSIONS.map(({ icon: RiskIcon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-900 text-brand-100">
              <RiskIcon width={20} height={20} />
            </span>
            <div>
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-16 flex flex-col items-start justify-between gap-6 rounded-2xl bg-brand-800 p-8 text-white sm:flex-row sm:items-center sm:p-10">
        <div>
          <h2 className="text-2xl font-bold">Ready when you are</h2>
          <p className="mt-2 text-brand-100">
            Create an account in a minute; invest only once you have read the terms.
          </p>
        </div>
        <Link
          to="/signup"
          className="inline-flex shrink-0 items-center justify-center rounded-lg bg-white px-6 py-3 font-semibold text-brand-900 hover:bg-brand-50"
        >
          Create your account
        </Link>
      </div>
    </Section>
  );
}
