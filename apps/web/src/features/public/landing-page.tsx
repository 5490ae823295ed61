import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';

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

/** Scrolls to the section named in the address (About and Contact link to #about and #contact). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
  }, [hash]);
}

export function LandingPage() {
  useScrollToHash();
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-slate-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:py-28">
          <h1 className="max-w-2xl text-4xl font-bold tracking-tight sm:text-5xl">
            Invest in crypto with a ledger you can read
          </h1>
          <p className="mt-5 max-w-xl text-lg text-brand-100">
            Deposit Bitcoin, Ethereum or USDT, choose a plan and see exactly where every dollar is, from the
            first deposit to the last withdrawal.
          </p>
          <Link to="/signup" className={buttonClass('secondary', 'mt-8 px-6 py-3 text-base')}>
            Get Started
          </Link>
        </div>
      </section>

      <section id="about" className="mx-auto max-w-6xl scroll-mt-28 px-4 py-16">
        <h2 className="text-3xl font-bold text-slate-900">About us</h2>
        <p className="mt-4 max-w-3xl text-slate-600">
          We help people put crypto savings to work through clear investment plans. Every balance you see is
          derived from a double-entry ledger: each deposit, plan return, adjustment and withdrawal is a
          recorded movement with a date and a reason, visible in your history.
        </p>
      </section>

      <section className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 className="text-3xl font-bold text-slate-900">Four steps to get started</h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
