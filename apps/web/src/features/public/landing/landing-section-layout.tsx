import type { ComponentType, ReactNode, SVGProps } from 'react';

/* The pieces the landing page's sections are built from, so they all share one look. */

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

export interface Card {
  icon: Icon;
  title: string;
  text: string;
}

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

export function CardSection({
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

export function CheckMark() {
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
