import type { SVGProps } from 'react';

/**
 * The frame every line icon is drawn in: 24-unit grid, 20 px, current colour, hidden from screen
 * readers. Apart from ui/icons.tsx so the landing page can draw its few icons without the rest.
 */
export function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}
