import { Link } from 'react-router';
import { useSiteSettings } from '../../shell/site-api.ts';
import { SupportEmailLink } from '../../shell/support-email-link.tsx';
import { Logo } from '../../ui/logo.tsx';

/** A titled column of the footer's links, each `[to, text]`. */
function LinkColumn({ title, links }: { title: string; links: [string, string][] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-2 text-sm">
        {links.map(([to, text]) => (
          <li key={text}>
            <Link to={to} className="hover:text-white">
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Contact details, services, legal links and the risk notice of every public page. */
export default function PublicFooter() {
  const { site } = useSiteSettings();
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <Logo tone="light" />
          <p className="mt-4 text-sm leading-relaxed text-slate-400">
            Fund your account with Bitcoin, Ethereum or USDT, invest in plans and follow every dollar.
          </p>
        </div>
        <section
          id="contact"
          tabIndex={-1}
          className="scroll-mt-32 outline-none"
          aria-labelledby="contact-heading"
        >
          <h2 id="contact-heading" className="text-sm font-semibold text-white">
            Contact
          </h2>
          {site && (
            <address className="mt-4 space-y-2 text-sm not-italic">
              {site.postalAddress && <p className="whitespace-pre-line">{site.postalAddress}</p>}
              <p>
                Support:{' '}
                <SupportEmailLink
                  email={site.supportEmail}
                  className="text-brand-100 underline-offset-2 hover:underline"
                />
              </p>
            </address>
          )}
        </section>
        <LinkColumn
          title="Services"
          links={[
            ['/register', 'Planning services'],
            ['/register', 'Investment services'],
          ]}
        />
        <LinkColumn
          title="Legal"
          links={[
            ['/policy', 'Private Policy'],
            ['/terms', 'Terms & Conditions'],
            ['/liabilities', 'Proof of solvency'],
          ]}
        />
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto max-w-6xl space-y-3 px-4 py-8 text-xs leading-relaxed text-slate-400 sm:px-6">
          <p className="rounded-lg border border-slate-800 bg-slate-900 px-4 py-3 text-sm text-slate-300">
            <strong className="font-semibold text-white">Risk notice:</strong> investments can lose value, and
            past returns do not guarantee future returns. Crypto prices can fall sharply. Only invest money
            you can afford to lose.
          </p>
          {site && (
            <p>
              © {new Date().getFullYear()} {site.firmName}
            </p>
          )}
        </div>
      </div>
    </footer>
  );
}
