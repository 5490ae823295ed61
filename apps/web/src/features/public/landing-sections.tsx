import type { SiteSettings } from '@vestora/shared';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';
import {
  AlertIcon,
  ChartIcon,
  ChatIcon,
  ClipboardIcon,
  HistoryIcon,
  ReceiptIcon,
  ShieldIcon,
  UsersIcon,
  WalletIcon,
  WithdrawIcon,
} from '../../ui/icons.tsx';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

interface Card {
  icon: Icon;
  title: string;
  text: string;
}

const STEPS = [
  {
    title: 'Create an account',
    text: 'Register with your name and e-mail. An administrator reviews every new account.',
  },
  {
    title: 'Fund it',
    text: 'Send Bitcoin, Ethereum or USDT to the address shown and upload your proof of payment.',
  },
  {
    title: 'Choose a plan',
    text: 'Once your deposit is confirmed, put part of your balance to work in a plan.',
  },
  {
    title: 'Follow every dollar',
    text: 'Every deposit, return and withdrawal appears in your history, with its status.',
  },
] as const;

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

/** The landing page after the hero, in the specification's order. */
export default function LandingSections({ site }: { site: SiteSettings | undefined }) {
  return (
    <>
      <AboutSection site={site} />
      <StepsSection />
      <EntrepreneursSection />
      <CardSection
        eyebrow="Expertise"
        title="Experienced hands at every step"
        intro="Investing through a platform should not mean trusting a black box. These are the checks your money passes."
        cards={EXPERT_CARDS}
      />
      <CardSection
        eyebrow="Long-term returns"
        title="Built for the long view"
        intro="Plans reward patience with returns paid over their full term; the terms are fixed before you begin."
        cards={LONG_TERM_CARDS}
        tinted
      />
      <ResponsibleSection />
      <ResearchSection />
      <RiskSection />
    </>
  );
}

function SectionHeading({ eyebrow, title, intro }: { eyebrow: string; title: string; intro?: string }) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
      <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h2>
      {intro && <p className="mt-4 text-lg text-slate-600">{intro}</p>}
    </div>
  );
}

function Section({ id, tinted = false, children }: { id?: string; tinted?: boolean; children: ReactNode }) {
  return (
    // Focusable by script only, so the header's About link can move keyboard focus here.
    <section
      id={id}
      tabIndex={id ? -1 : undefined}
      className={`scroll-mt-32 outline-none ${tinted ? 'bg-slate-50' : 'bg-white'}`}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">{children}</div>
    </section>
  );
}

function AboutSection({ site }: { site: SiteSettings | undefined }) {
  const facts: { label: string; value: string }[] = [
    { label: 'Coins accepted', value: 'Bitcoin, Ethereum and USDT' },
    { label: 'Every balance', value: 'Derived from a double-entry ledger' },
  ];
  // Operator claims: shown only when the operator has set them (DESIGN.md principle 4).
  if (site?.assetsUnderManagement) {
    facts.unshift({ label: 'Assets under management', value: site.assetsUnderManagement });
  }
  if (site?.foundingYear) facts.unshift({ label: 'Founded', value: String(site.foundingYear) });

  return (
    <Section id="about">
      <div className="grid gap-12 lg:grid-cols-5 lg:items-center">
        <div className="lg:col-span-3">
          <SectionHeading eyebrow="About us" title="Crypto investing, with the books open" />
          <p className="mt-6 text-lg leading-relaxed text-slate-600">
            We help people put crypto savings to work through clear investment plans. Every balance you see is
            derived from a double-entry ledger: each deposit, plan return, adjustment and withdrawal is a
            recorded movement with a date and a reason, visible in your history.
          </p>
          <p className="mt-4 leading-relaxed text-slate-600">
            Nothing is credited that has not been received, and nothing is paid out that is not held. When
            something happens to your money, you can see who did it, when and why.
          </p>
        </div>
        <dl className="grid gap-4 sm:grid-cols-2 lg:col-span-2 lg:grid-cols-1">
          {facts.map((fact) => (
            <div key={fact.label} className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
              <dt className="text-sm font-medium text-slate-500">{fact.label}</dt>
              <dd className="mt-1 text-lg font-semibold text-slate-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Section>
  );
}

function StepsSection() {
  return (
    <Section tinted>
      <SectionHeading
        eyebrow="Options"
        title="Four steps to get started"
        intro="From sign-up to your first plan, each step tells you what happens next."
      />
      <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li
            key={step.title}
            className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:block sm:p-6"
          >
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold text-slate-900 sm:mt-5">{step.title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-slate-600 sm:mt-2">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <Link to="/register" className={buttonClass('primary', 'mt-10 px-6 py-3')}>
        Open an account
      </Link>
    </Section>
  );
}

function EntrepreneursSection() {
  return (
    <section className="bg-slate-900 text-white">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="text-sm font-semibold tracking-wider text-brand-500 uppercase">
            Global entrepreneurs
          </p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            For builders and savers, wherever they are
          </h2>
          <p className="mt-6 text-lg leading-relaxed text-slate-300">
            Crypto moves across borders in minutes. Fund your account from any wallet that sends Bitcoin,
            Ethereum or USDT, and manage it from a phone or a desk: the same account, the same history.
          </p>
          <ul className="mt-8 space-y-3 text-slate-200">
            {[
              'One account for deposits, plans and withdrawals',
              'Wallet addresses and QR codes shown for each coin',
              'Notifications when a deposit or withdrawal is decided',
            ].map((point) => (
              <li key={point} className="flex gap-3">
                <CheckMark />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <img
          src="/slides/slide-2.webp"
          alt=""
          width={1600}
          height={800}
          loading="lazy"
          decoding="async"
          className="aspect-[2/1] w-full rounded-2xl object-cover shadow-2xl ring-1 ring-white/10"
        />
      </div>
    </section>
  );
}

function CardSection({
  eyebrow,
  title,
  intro,
  cards,
  tinted = false,
}: {
  eyebrow: string;
  title: string;
  intro: string;
  cards: Card[];
  tinted?: boolean;
}) {
  return (
    <Section tinted={tinted}>
      <SectionHeading eyebrow={eyebrow} title={title} intro={intro} />
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {cards.map(({ icon: CardIcon, title: cardTitle, text }) => (
          <li
            key={cardTitle}
            className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:block md:p-6"
          >
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <CardIcon width={22} height={22} />
            </span>
            <div>
              <h3 className="text-lg font-semibold text-slate-900 md:mt-5">{cardTitle}</h3>
              <p className="mt-1.5 leading-relaxed text-slate-600 md:mt-2">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ResponsibleSection() {
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

function ResearchSection() {
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

function RiskSection() {
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

function CheckMark() {
  return (
    <svg
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
      className="mt-0.5 shrink-0 text-brand-500"
      fill="currentColor"
    >
      <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4.5 4.5a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4l1.3 1.29 3.8-3.8a1 1 0 1 1 1.4 1.42Z" />
    </svg>
  );
}
