import type { SiteSettings } from '@vestora/shared';
import { lazy, Suspense } from 'react';
import { BUILT_IN_SLIDES, HeroSlider } from './hero-slider.tsx';
import { Section, SectionHeading } from './landing-section.tsx';
import { useSiteSettings } from './site-api.ts';

/**
 * The sections below the fold come in a second file, requested as the page first renders (not on
 * scroll), so the hero and About need not wait for them and other areas never download them.
 */
const LandingSections = lazy(() => import('./landing-sections.tsx'));

export function LandingPage() {
  const { site, isPending } = useSiteSettings();
  return (
    <>
      <h1 className="sr-only">
        {site?.firmName ?? 'Crypto investment'}: invest in crypto with a ledger you can read
      </h1>
      {isPending ? (
        // Same box as the slider, so nothing moves when the settings arrive.
        <div className="h-[34rem] bg-slate-900 sm:h-[36rem]" />
      ) : (
        <HeroSlider slides={site?.slides.length ? site.slides : BUILT_IN_SLIDES} />
      )}
      <AboutSection site={site} />
      {/* Holds the footer below the fold until the sections arrive. */}
      <Suspense fallback={<div className="min-h-screen" />}>
        <LandingSections />
      </Suspense>
    </>
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
