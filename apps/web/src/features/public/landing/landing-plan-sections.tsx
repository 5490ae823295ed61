import {
  ChartIcon,
  ChatIcon,
  HistoryIcon,
  ReceiptIcon,
  WalletIcon,
  WithdrawIcon,
} from '../../../ui/icons.tsx';
import { type Card, CardSection, CheckMark, Section, SectionHeading } from './landing-section-layout.tsx';

/* The landing page's sections on how the money is looked after and how to invest it wisely. */

const EXPERT_CARDS: Card[] = [
  {
    icon: ReceiptIcon,
    title: 'Deposit review',
    text: 'An administrator checks each proof of payment before any balance moves. A declined deposit comes back with its reason.',
  },
  {
    icon: ChartIcon,
    title: 'Plan design',
    text: 'Each plan states its rate, payout period, duration and whether the principal returns, before anyone invests in it.',
  },
  {
    icon: ChatIcon,
    title: 'Client support',
    text: 'Write to support from your account; the answer arrives in the same conversation, with a notification.',
  },
];

const LONG_TERM_CARDS: Card[] = [
  {
    icon: HistoryIcon,
    title: 'Returns by the period',
    text: 'A plan pays daily, weekly or monthly over its full duration, and every payment is a line in your history.',
  },
  {
    icon: WalletIcon,
    title: 'Principal terms up front',
    text: 'Whether your principal comes back at the end of a plan is written on the plan itself, not in small print.',
  },
  {
    icon: WithdrawIcon,
    title: 'Withdraw on your terms',
    text: 'Request a withdrawal of your available balance to your own address; you follow its status until it is paid.',
  },
];

const RESPONSIBLE_HABITS = [
  'Invest only money you can afford to lose.',
  'Keep part of your savings outside crypto.',
  'Read a plan’s terms before you start it.',
  'Turn on two-factor sign-in in your security settings.',
] as const;

export function ExpertiseSection() {
  return (
    <CardSection
      eyebrow="Expertise"
      title="Experienced hands at every step"
      intro="Investing through a platform should not mean trusting a black box. These are the checks your money passes."
      cards={EXPERT_CARDS}
    />
  );
}

export function LongTermSection() {
  return (
    <CardSection
      eyebrow="Long-term returns"
      title="Built for the long view"
      intro="Plans reward patience with returns paid over their full term; the terms are fixed before you begin."
      cards={LONG_TERM_CARDS}
      tinted
    />
  );
}

export function ResponsibleSection() {
  return (
    <Section>
      <div className="grid gap-12 lg:grid-cols-2 lg:items-center">
        <img
          src="/slides/slide-3.webp"
          alt=""
          width={1600}
          height={800}
          loading="lazy"
          decoding="async"
          className="order-last aspect-[2/1] w-full rounded-2xl object-cover shadow-lg lg:order-first"
        />
        <div>
          <SectionHeading
            eyebrow="Responsible investing"
            title="Grow steadily, sleep well"
            intro="Crypto can rise and fall quickly. A few habits keep an investment a part of your plans, not all of them."
          />
          <ul className="mt-8 space-y-3 text-slate-700">
            {RESPONSIBLE_HABITS.map((habit) => (
              <li key={habit} className="flex gap-3">
                <CheckMark />
                <span>{habit}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
