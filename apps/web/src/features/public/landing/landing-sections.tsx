import type { SiteSettings } from '@vestora/shared';
import { AboutSection, EntrepreneursSection, StepsSection } from './landing-intro-sections.tsx';
import { ExpertiseSection, LongTermSection, ResponsibleSection } from './landing-plan-sections.tsx';
import { ResearchSection, RiskSection } from './landing-risk-sections.tsx';

/**
 * The landing page after the hero, in the specification's order. Everything it imports is reached
 * only through landing-page.tsx's lazy import of this file, so it all stays out of the first download.
 */
export default function LandingSections({ site }: { site: SiteSettings | undefined }) {
  return (
    <>
      <AboutSection site={site} />
      <StepsSection />
      <EntrepreneursSection />
      <ExpertiseSection />
      <LongTermSection />
      <ResponsibleSection />
      <ResearchSection />
      <RiskSection />
    </>
  );
}
