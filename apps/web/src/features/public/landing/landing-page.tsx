import { lazy, Suspense } from 'react';
import { useSiteSettings } from '../../../shell/site-api.ts';
import { BUILT_IN_SLIDES, HeroSlider } from './hero-slider.tsx';

/**
 * Everything below the hero comes in a second file, requested as the page first renders (not on
 * scroll): the hero paints without waiting for it, the first download stays within its 120 KB
 * gzipped budget, and other areas never download it.
 */
const LandingSections = lazy(() => import('./landing-sections.tsx'));

export function LandingPage() {
  const { site } = useSiteSettings();
  return (
    <>
      <h1 className="sr-only">
        {site?.firmName ?? 'Crypto investment'}: invest in crypto with a ledger you can read
      </h1>
      {/* The built-in slides until the settings say otherwise: the prerendered page paints them from
          its first response, and an operator's own slides take the same fixed box, so nothing moves. */}
      <HeroSlider slides={site?.slides.length ? site.slides : BUILT_IN_SLIDES} />
      {/* Holds the footer below the fold until the sections arrive. */}
      <Suspense fallback={<div className="min-h-screen" />}>
        <LandingSections site={site} />
      </Suspense>
    </>
  );
}
