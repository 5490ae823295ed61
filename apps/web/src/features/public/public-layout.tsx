import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';
import { CloseIcon, MenuIcon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';

const NAV_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/#about' },
  { label: 'Invest', to: '/register' },
  { label: 'Features', to: '/register' },
  { label: 'Trade', to: '/register' },
  { label: 'Contact', to: '/#contact' },
] as const;

export function PublicLayout() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const location = useLocation();
  const closeMenu = () => setIsMenuOpen(false);

  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <Link
          to="/register"
          className="block bg-brand-800 px-4 py-1.5 text-center text-xs font-medium text-white hover:bg-brand-900"
        >
          Open your account in minutes: register now
        </Link>
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-6 lg:flex">
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
            <Link to="/login" className={buttonClass('primary')}>
              Login
            </Link>
          </div>
          <button
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
          <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 px-4 pb-4 lg:hidden">
            {NAV_LINKS.map((link) => (
              <Link
                key={link.label}
                to={link.to}
                onClick={closeMenu}
                className="block border-b border-slate-100 py-3 text-sm font-medium text-slate-700"
              >
                {link.label}
              </Link>
            ))}
            <div className="mt-4 grid grid-cols-2 gap-2">
              <Link to="/register" onClick={closeMenu} className={buttonClass('secondary')}>
                Register
              </Link>
              <Link to="/login" onClick={closeMenu} className={buttonClass('primary')}>
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
  return (
    <footer id="contact" className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-3">
        <div>
          <Logo tone="light" />
          <p className="mt-3 text-sm">
            Fund your account with Bitcoin, Ethereum or USDT, invest in plans and follow every dollar.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">Services</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>Planning services</li>
            <li>Investment services</li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">Legal</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <NavLink to="/policy" className="hover:text-white">
                Private Policy
              </NavLink>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-800 px-4 py-6 text-center text-xs text-slate-400">
        Risk notice: investments can lose value, and past returns do not guarantee future returns. Only invest
        money you can afford to lose.
      </p>
    </footer>
  );
}
