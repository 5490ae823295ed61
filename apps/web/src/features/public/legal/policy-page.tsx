import { useSiteSettings } from '../../../shell/site-api.ts';
import { SupportEmailLink } from '../../../shell/support-email-link.tsx';
import { FormError } from '../../../ui/field.tsx';
import { type LegalParty, type LegalSection, LegalSections, legalParty } from './legal-sections.tsx';

/** Specification section 9. */
const MINIMUM_AGE = 18;

/** The eight sections of specification section 2, in its order. */
function policySections(party: LegalParty): LegalSection[] {
  return [
    {
      title: 'Information we collect',
      body: 'The details you give when you register (full name, e-mail address, user name), the profile details you add, the deposits, proofs of payment, withdrawal addresses and support messages you send, and technical records such as sign-in times and IP addresses.',
    },
    {
      title: 'How we use your information',
      body: 'To run your account: to verify you, credit confirmed deposits, pay withdrawals, answer support requests, send the e-mails you ask for (such as a password reset), keep the platform secure and meet our legal obligations. We do not sell your information.',
    },
    {
      title: 'How we share your information',
      body: `Only with the people who operate ${party.firmName}, with service providers who help us run it under confidentiality, and with authorities when the law requires it.`,
    },
    {
      title: 'Data security',
      body: 'Passwords are stored only as memory-hard hashes, sessions can be revoked at any time, two-factor sign-in is available, and proofs of payment are visible only to you and to administrators. No system is perfectly secure, so keep your password to yourself.',
    },
    {
      title: 'Your choices',
      body: 'You can review your profile and history at any time, correct your details, and ask us to close your account once it holds no money and no pending operation.',
    },
    {
      title: 'Children',
      body: `Our services are not meant for anyone under ${MINIMUM_AGE}. We do not knowingly collect information from children; if we learn that we have, we delete it.`,
    },
    {
      title: 'Changes to this policy',
      body: 'When we change this policy we publish the new version here with its effective date. Continuing to use the platform after a change means you accept it.',
    },
    {
      title: 'Contact us',
      body: (
        <>
          For any question about this policy or your information, write to{' '}
          {party.supportEmail ? (
            <SupportEmailLink
              email={party.supportEmail}
              className="font-medium text-brand-700 hover:underline"
            />
          ) : (
            'our support address'
          )}
          {party.postalAddress ? `, or by post to ${party.postalAddress}` : ''}.
        </>
      ),
    },
  ];
}

export function PolicyPage() {
  const { site, isError } = useSiteSettings();
  const party = legalParty(site);
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Privacy Policy</h1>
      {isError && (
        <div className="mt-6">
          <FormError message="The privacy policy could not be loaded. Please try again later." />
        </div>
      )}
      {!isError && (
        <>
          {/* The line is there from the first paint; the date fills it when the settings arrive. */}
          <p className="mt-3 text-sm text-slate-500">Effective date: {site?.policyEffectiveDate}</p>
          <p className="mt-6 leading-relaxed text-slate-600">
            This policy explains what {party.firmName} collects about you, why, and what you can do about it.
          </p>
          <LegalSections sections={policySections(party)} />
        </>
      )}
    </article>
  );
}
