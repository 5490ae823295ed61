import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, type To, useLocation } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Logo } from '../../ui/logo.tsx';
import PublicFooter from './public-footer.tsx';
import { useScrollOnNavigation } from './scroll-on-navigation.ts';

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
            <MenuToggleIcon isOpen={isMenuOpen} />
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
      {/* In the first download: the public pages are prerendered, so its HTML is painted with
          them, and a file of its own would cost more in response headers than its code. */}
      <PublicFooter />
    </div>
  );
}

/** The menu button's icon: three bars, or a cross while the menu is open. */
function MenuToggleIcon({ isOpen }: { isOpen: boolean }) {
  return (
    <Icon>
      <path d={isOpen ? 'M18 6 6 18M6 6l12 12' : 'M3 6h18M3 12h18M3 18h18'} />
    </Icon>
  );
}
