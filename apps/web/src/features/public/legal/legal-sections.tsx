import type { ReactNode } from 'react';

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
