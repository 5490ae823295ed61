const EFFECTIVE_DATE = '21-07-2023';
const MINIMUM_AGE = 18;

const SECTIONS = [
  {
    title: 'Information we collect',
    body: 'The details you give when you register (full name, e-mail address, user name), the deposits, proofs of payment, withdrawal addresses and support messages you send, and technical records such as sign-in times.',
  },
  {
    title: 'How we use your information',
    body: 'To run your account: to verify you, credit confirmed deposits, pay withdrawals, answer support requests, keep the platform secure and meet our legal obligations. We do not sell your information.',
  },
  {
    title: 'How we share your information',
    body: 'Only with the people who operate this platform, with service providers who help us run it under confidentiality, and with authorities when the law requires it.',
  },
  {
    title: 'Data security',
    body: 'Passwords are stored only as memory-hard hashes, sessions can be revoked at any time, and proofs of payment are visible only to you and to administrators. No system is perfectly secure, so keep your password to yourself.',
  },
  {
    title: 'Your choices',
    body: 'You can review your profile and history at any time, ask us to correct your details, and ask us to close your account once it holds no money and no pending operation.',
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
    body: 'For any question about this policy or your information, contact our support team using the details at the bottom of this page.',
  },
] as const;

export function PolicyPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14">
      <h1 className="text-3xl font-bold text-slate-900">Privacy Policy</h1>
      <p className="mt-2 text-sm text-slate-500">Effective date: {EFFECTIVE_DATE}</p>
      <ol className="mt-8 space-y-8">
        {SECTIONS.map((section, index) => (
          <li key={section.title}>
            <h2 className="text-lg font-semibold text-slate-900">
              {index + 1}. {section.title}
            </h2>
            <p className="mt-2 leading-relaxed text-slate-600">{section.body}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}
