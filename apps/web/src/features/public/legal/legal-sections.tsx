import type { SiteSettings } from '@vestora/shared';
import type { ReactNode } from 'react';

/**
 * The firm's details a legal text names. The build prerenders these pages before any settings
 * exist, and the first render must match that HTML: until the settings arrive, the firm has the
 * name a new install gives it (the settings' default) and no contact details are shown yet.
 */
export function legalParty(site: SiteSettings | undefined) {
  return {
    firmName: site?.firmName ?? 'Vestora',
    supportEmail: site?.supportEmail,
    postalAddress: site?.postalAddress,
  };
}

export type LegalParty = ReturnType<typeof legalParty>;

/** One numbered part of a legal text (terms, privacy policy). */
export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** The numbered parts of a legal text, each with its heading. */
export function LegalSections({ sections }: { sections: LegalSection[] }) {
  return (
    <ol className="mt-10 space-y-10">
      {sections.map((section, index) => (
        <li key={section.title}>
          <h2 className="text-lg font-semibold text-slate-900">
            {index + 1}. {section.title}
          </h2>
          <p className="mt-2 leading-relaxed text-slate-600">{section.body}</p>
        </li>
      ))}
    </ol>
  );
}
