import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, type To, useLocation } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';
import { CloseIcon, MenuIcon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { useSiteSettings } from './site-api.ts';

/** Specification section 2, with About and Contact scrolling to their sections (DESIGN.md section 2). */
const NAV_LINKS: { label: string; to: To }[] = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/#about' },
  { label: 'Invest', to: '/register' },
  { label: 'Features', to: '/register' },
  { label: 'Trade', to: '/register' },
  // The contact details are in the footer of every public page, so Contact stays on the page.
  { label: 'Contact', to: { hash: '#contact' } },
];

/**
 * Scrolls to the section named in the address, or to the top on a new page. Keyed on the location
 * key, so clicking About twice scrolls twice; focus follows for keyboard and screen-reader users.
 */
function useScrollOnNavigation() {
  const { key, hash, pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key and pathname mark a new navigation.
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) {
      window.scrollTo({ top: 0 });
      return;
    }
    const prefersReducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: prefersReducedMotion ? 'auto' : 'smooth' });
    target.focus({ preventScroll: true });
  }, [key, hash, pathname]);
}

export function PublicLayout() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const closeMenu = () => setIsMenuOpen(false);
  useScrollOnNavigation();

  // Escape closes the open menu and hands focus back to its toggle, as a disclosure should.
  useEffect(() => {
    if (!isMenuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      menuToggle.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isMenuOpen]);

  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <Link
          to="/register"
          className="block bg-brand-800 px-4 py-1.5 text-center text-xs font-medium text-white hover:bg-brand-900"
        >
          Open your account in minutes: register now
        </Link>
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3 sm:px-6">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-7 lg:flex">
            {NAV_LINKS.map((link) => (
              <Link
                key={link.label}
                to={link.to}
                className="text-sm font-medium text-slate-700 hover:text-brand-700"
              >
                {link.label}
              </Link>
            ))}
          </nav>
          <div className="hidden items-center gap-2 lg:flex">
            <Link to="/register" className={buttonClass('secondary')}>
              Register
            </Link>
            <Link to="/signin" className={buttonClass('primary')}>
              Login
            </Link>
          </div>
          <button
            ref={menuToggle}
            type="button"
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
        {isMenuOpen && (
          <nav
            id="mobile-menu"
            aria-label="Mobile"
            className="max-h-[calc(100vh-6rem)] overflow-y-auto border-t border-slate-200 px-4 pb-4 lg:hidden"
          >
            {NAV_LINKS.map((link) => (
              <Link
                key={link.label}
                to={link.to}
                onClick={closeMenu}
                className="block border-b border-slate-100 py-3 text-base font-medium text-slate-700"
              >
                {link.label}
              </Link>
            ))}
            <div className="mt-4 grid grid-cols-2 gap-2">
              <Link to="/register" onClick={closeMenu} className={buttonClass('secondary')}>
                Register
              </Link>
              <Link to="/signin" onClick={closeMenu} className={buttonClass('primary')}>
                Login
              </Link>
            </div>
          </nav>
        )}
      </header>
      <main className="flex-1" key={location.pathname}>
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}

function PublicFooter() {
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
                <a
                  href={`mailto:${site.supportEmail}`}
                  className="text-brand-100 underline-offset-2 hover:underline"
                >
                  {site.supportEmail}
                </a>
              </p>
            </address>
          )}
        </section>
        <div>
          <h2 className="text-sm font-semibold text-white">Services</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link to="/register" className="hover:text-white">
                Planning services
              </Link>
            </li>
            <li>
              <Link to="/register" className="hover:text-white">
                Investment services
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">Legal</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link to="/policy" className="hover:text-white">
                Private Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className="hover:text-white">
                Terms &amp; Conditions
              </Link>
            </li>
          </ul>
        </div>
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
