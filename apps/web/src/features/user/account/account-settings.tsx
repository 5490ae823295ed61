import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

const SECTIONS = [
  { label: 'Personal', to: '/user/profile' },
  { label: 'Security', to: '/user/security' },
] as const;

/** 'Account Settings' with its two tabs; each tab is a page of its own, so it can be linked to. */
export function AccountSettings({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Account Settings</h1>
      <nav aria-label="Account Settings" className="border-b border-slate-200">
        <ul className="-mb-px flex gap-6">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                className={({ isActive }) =>
                  `inline-block border-b-2 px-1 pb-3 text-sm font-semibold ${
                    isActive
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                  }`
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
