import type { ReactNode } from 'react';

export function SectionHeading({
  eyebrow,
  title,
  intro,
}: {
  eyebrow: string;
  title: string;
  intro?: string;
}) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
      <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h2>
      {intro && <p className="mt-4 text-lg text-slate-600">{intro}</p>}
    </div>
  );
}

export function Section({
  id,
  tinted = false,
  children,
}: {
  id?: string;
  tinted?: boolean;
  children: ReactNode;
}) {
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
