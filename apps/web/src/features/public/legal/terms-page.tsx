import { Link } from 'react-router';
import { useSiteSettings } from '../../../shell/site-api.ts';
import { FormError } from '../../../ui/field.tsx';
import { type LegalParty, type LegalSection, LegalSections, legalParty } from './legal-sections.tsx';

/** The rules the platform enforces, stated as terms; nothing here promises a return. */
function termsSections(party: LegalParty): LegalSection[] {
  return [
    {
      title: 'Who may open an account',
      body: `You must be at least 18 years old and give your real name and an e-mail address you control. One person, one account. ${party.firmName} may refuse, suspend or close an account used for fraud or in breach of these terms; a suspended account cannot sign in or move money.`,
    },
    {
      title: 'Verification',
      body: 'An administrator reviews every new account. Until yours is verified you can sign in and deposit, but you cannot invest or withdraw.',
    },
    {
      title: 'Deposits',
      body: 'Send only the coin named for the address shown, and upload your proof of payment. A deposit is credited once an administrator has confirmed it was received; a deposit that cannot be confirmed is declined with its reason.',
    },
    {
      title: 'Plans and returns',
      body: 'Each plan states its rate, payout period, duration, amount range and whether your principal is returned. Returns are paid only from a reserve the operator has funded; when the reserve cannot cover a payment, the payment waits until it can. No return is guaranteed.',
    },
    {
      title: 'Withdrawals',
      body: 'You can ask to withdraw your available balance to an address of your own. The amount is held from the moment you ask, and paid or returned to your balance once an administrator has decided.',
    },
    {
      title: 'Risk',
      body: 'Crypto assets are volatile. Investments can lose value, and past returns do not guarantee future returns. Only invest money you can afford to lose.',
    },
    {
      title: 'Your records',
      body: 'Every movement of your money, including any credit or debit made by an administrator, appears in your history with its date and reason.',
    },
    {
      title: 'Changes and contact',
      body: `We publish changes to these terms on this page. Questions go to ${party.supportEmail ?? 'our support address'}.`,
    },
  ];
}

export function TermsPage() {
  const { site, isError } = useSiteSettings();
  const party = legalParty(site);
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Terms &amp; Conditions</h1>
      {isError && (
        <div className="mt-6">
          <FormError message="The terms could not be loaded. Please try again later." />
        </div>
      )}
      {!isError && (
        <>
          <p className="mt-6 leading-relaxed text-slate-600">
            These terms govern your use of {party.firmName}. How we handle your information is described in
            the{' '}
            <Link to="/policy" className="font-medium text-brand-700 hover:underline">
              Privacy Policy
            </Link>
            .
          </p>
          <LegalSections sections={termsSections(party)} />
        </>
      )}
    </article>
  );
}
