import type { SetupStep } from '@vestora/shared';
import { Link } from 'react-router';
import { useSetupChecklist } from './setup-api.ts';

const STEPS: Record<SetupStep, { label: string; hint: string; to?: string }> = {
  gateways: {
    label: 'Add a wallet address',
    hint: 'Depositors are offered only the coins that have one.',
    to: '/admin/gateway',
  },
  plans: {
    label: 'Offer an investment plan',
    hint: 'People invest in the active plans.',
    to: '/admin/plans',
  },
  reserve: {
    label: 'Fund the reserve',
    hint: 'Plan returns are paid from it, never from thin air.',
    to: '/admin/plans',
  },
  mail: {
    label: 'Connect an e-mail server',
    hint: "Not done in the console: set SMTP_URL in the server's environment (such as smtp://user:pass@mail.example.com:587, or smtps://…) and restart the server. Until then each e-mail (password resets, notices) is written to DATA_DIR/outbox/ as an .eml file.",
  },
  twoFactor: {
    label: 'Turn on two-factor sign-in for every administrator',
    hint: 'A stolen password alone then no longer opens the console.',
    to: '/user/security',
  },
};

/** Shown on every console page until the install is ready for people to use. */
export function SetupChecklist() {
  const { data } = useSetupChecklist();
  if (!data || data.isComplete) return null;
  const remaining = data.items.filter((item) => !item.isDone).length;
  return (
    <section
      aria-labelledby="setup-checklist-heading"
      className="w-full rounded-xl border border-brand-100 bg-white px-4 py-3 text-sm shadow-sm"
    >
      <h2 id="setup-checklist-heading" className="font-semibold text-slate-900">
        Setting up: {remaining} of {data.items.length} steps left
      </h2>
      <ol className="mt-2 space-y-1.5">
        {data.items.map(({ step, isDone }) => {
          const { label, hint, to } = STEPS[step];
          return (
            <li key={step} className="flex items-start gap-2">
              <span
                aria-hidden="true"
                className={`mt-0.5 inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-full text-[10px] font-bold ${
                  isDone ? 'bg-green-600 text-white' : 'border border-slate-400'
                }`}
              >
                {isDone ? '✓' : ''}
              </span>
              <span className="min-w-0">
                {to && !isDone ? (
                  <Link to={to} className="font-medium text-brand-700 underline underline-offset-2">
                    {label}
                  </Link>
                ) : (
                  <span className={isDone ? 'text-slate-500 line-through' : 'font-medium text-slate-900'}>
                    {label}
                  </span>
                )}
                <span className="sr-only">{isDone ? ' (done)' : ' (to do)'}</span>
                {!isDone && <span className="block text-slate-600">{hint}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
