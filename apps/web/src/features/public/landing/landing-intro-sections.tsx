import type { SiteSettings } from '@vestora/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../../ui/button.tsx';
import { CheckMark, Section, SectionHeading } from './landing-section-layout.tsx';

/* The landing page's opening sections: who we are, how to start, and who it is for. */

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

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  compactDisplay: 'long',
  maximumFractionDigits: 1,
});

/**
 * The operator types the figure as they like: a plain number ('649000000000') reads as
 * '$649 billion'; anything with words or symbols ('$12 million') is shown as typed.
 */
function formatAssetsUnderManagement(value: string): string {
  const digits = value.replace(/[\s,]/g, '');
  return /^\d+(\.\d+)?$/.test(digits) ? compactUsd.format(Number(digits)) : value;
}

export function AboutSection({ site }: { site: SiteSettings | undefined }) {
  const facts: { label: string; value: string }[] = [
    { label: 'Coins accepted', value: 'Bitcoin, Ethereum and USDT' },
    { label: 'Every balance', value: 'Derived from a double-entry ledger' },
  ];
  // Operator claims: shown only when the operator has set them (DESIGN.md principle 4).
  if (site?.assetsUnderManagement) {
    facts.unshift({
      label: 'Assets under management',
      value: formatAssetsUnderManagement(site.assetsUnderManagement),
    });
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

export function StepsSection() {
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

export function EntrepreneursSection() {
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
