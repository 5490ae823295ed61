import { type HTMLAttributes, type ReactNode, useId } from 'react';

const CARD_CLASS = 'rounded-2xl border border-slate-200 bg-white shadow-sm';

type CardProps = HTMLAttributes<HTMLElement> & {
  /** The element the card is: a plain box, a section, an article or a list item. */
  as?: 'div' | 'section' | 'article' | 'li';
};

/** The white rounded box panels, lists and forms sit in; `className` adds padding and layout. */
export function Card({ as: Element = 'div', className = '', children, ...props }: CardProps) {
  return (
    <Element className={`${CARD_CLASS} ${className}`} {...props}>
      {children}
    </Element>
  );
}

type CardSectionProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  title: ReactNode;
  /** A line under the title saying what the section holds. */
  description?: ReactNode;
  /** Buttons beside the title (below it on phones). */
  actions?: ReactNode;
};

/**
 * A card that is a section named by its heading: the title, what it holds and its actions, then
 * its content. `className` sets the padding (`p-5 sm:p-6` unless told) and the grid placement.
 */
export function CardSection({
  title,
  description,
  actions,
  className = 'p-5 sm:p-6',
  children,
  ...props
}: CardSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${CARD_CLASS} ${className}`} {...props}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="text-sm text-slate-600">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
