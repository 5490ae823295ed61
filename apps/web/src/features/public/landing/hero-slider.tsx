import type { Slide } from '@vestora/shared';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../ui/icon.tsx';
import { useIsLive } from '../../../ui/use-is-live.ts';

/** Specification section 9. */
const SLIDE_INTERVAL_MS = 8000;
const SLIDE_WIDTH = 1600;
const SLIDE_HEIGHT = 800;

/** Shown until the operator sets their own slides (admin, Site settings); they make no claims. */
export const BUILT_IN_SLIDES: Slide[] = [
  {
    id: 'built-in-ledger',
    image: '/slides/slide-1.webp',
    HeadText: 'Invest in crypto with a ledger you can read',
    SubHeaderText:
      'Deposit Bitcoin, Ethereum or USDT, choose a plan and see where every dollar is, from the first deposit to the last withdrawal.',
  },
  {
    id: 'built-in-checked',
    image: '/slides/slide-2.webp',
    HeadText: 'Every deposit checked by a person',
    SubHeaderText:
      'An administrator matches each proof of payment before your balance moves, and every decision appears in your history.',
  },
  {
    id: 'built-in-long-view',
    image: '/slides/slide-3.webp',
    HeadText: 'Plans with their terms written down',
    SubHeaderText:
      'Rate, period, duration and whether your principal comes back are stated before you invest, never after.',
  },
];

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The prerendered page (and so the first render that adopts it) shows the controls for motion. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

const wrap = (index: number, count: number) => (index + count) % count;

/**
 * The hero carousel of the WAI-ARIA pattern: it moves on by itself every 8 s (wrapping), stops while
 * the pointer or keyboard focus is on it, when the visitor pauses it, or when they ask the system for
 * less motion. Only the visible slide is reachable; the box has a fixed height so nothing jumps.
 */
export function HeroSlider({ slides }: { slides: Slide[] }) {
  const [activeIndex, setActiveIndex] = useState(0);
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const [isPausedByVisitor, setIsPausedByVisitor] = useState(false);
  const prefersReducedMotion = usePrefersReducedMotion();
  // The prerendered page shows the first slide; its controls come with the script that works them.
  const isLive = useIsLive();
  const isRotating = !isHovered && !hasFocus && !isPausedByVisitor && !prefersReducedMotion;
  const count = slides.length;
  const current = wrap(activeIndex, count);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the slide, so a visitor's step gives the new slide its full 8 s.
  useEffect(() => {
    if (!isRotating || count < 2) return;
    const timer = window.setTimeout(
      () => setActiveIndex((index) => wrap(index + 1, count)),
      SLIDE_INTERVAL_MS,
    );
    return () => window.clearTimeout(timer);
  }, [isRotating, count, current]);

  const step = (by: number) => setActiveIndex((index) => wrap(index + by, count));

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative isolate h-[34rem] overflow-hidden bg-slate-900 text-white sm:h-[36rem]"
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
      onFocus={() => setHasFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHasFocus(false);
      }}
    >
      <div aria-live={isRotating ? 'off' : 'polite'} className="h-full">
        {slides.map((slide, index) => {
          const isActive = index === current;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel's slide is a named group, not a form fieldset.
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={!isActive}
              inert={!isActive}
              className={`absolute inset-0 ${prefersReducedMotion ? '' : 'transition-opacity duration-700'} ${isActive ? 'opacity-100' : 'opacity-0'}`}
            >
              <img
                src={slide.image}
                alt=""
                width={SLIDE_WIDTH}
                height={SLIDE_HEIGHT}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'low'}
                className="absolute inset-0 -z-10 h-full w-full object-cover object-right"
              />
              <div className="absolute inset-0 -z-10 bg-slate-950/70 sm:bg-transparent sm:bg-gradient-to-r sm:from-slate-950/90 sm:via-slate-950/60 sm:to-slate-950/10" />
              <div className="mx-auto flex h-full max-w-6xl flex-col justify-center px-4 pb-16 sm:px-6">
                <p
                  aria-hidden="true"
                  className="text-sm font-semibold tracking-widest text-brand-100 uppercase"
                >
                  {String(index + 1).padStart(2, '0')} / {String(count).padStart(2, '0')}
                </p>
                <h2 className="mt-3 max-w-2xl text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
                  {slide.HeadText}
                </h2>
                {slide.SubHeaderText && (
                  <p className="mt-5 max-w-xl text-base text-slate-200 sm:text-lg">{slide.SubHeaderText}</p>
                )}
                <div className="mt-8">
                  <Link
                    to="/signup"
                    className="inline-flex items-center justify-center rounded-lg bg-brand-500 px-6 py-3 text-base font-semibold text-slate-950 shadow-lg shadow-brand-900/40 hover:bg-brand-100"
                  >
                    Get Started
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>

      {count > 1 && isLive && (
        <div className="absolute inset-x-0 bottom-0">
          <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 pb-6 sm:px-6">
            <SliderButton label="Previous slide" onClick={() => step(-1)}>
              <ChevronLeft />
            </SliderButton>
            <SliderButton label="Next slide" onClick={() => step(1)}>
              <ChevronRight />
            </SliderButton>
            <div className="ml-2 flex items-center">
              {slides.map((slide, index) => (
                <button
                  key={slide.id}
                  type="button"
                  aria-label={`Show slide ${index + 1}`}
                  aria-current={index === current}
                  onClick={() => setActiveIndex(index)}
                  className="group flex h-10 w-8 items-center justify-center"
                >
                  <span
                    className={`block h-1.5 rounded-full transition-all ${index === current ? 'w-6 bg-white' : 'w-3 bg-white/50 group-hover:bg-white/80'}`}
                  />
                </button>
              ))}
            </div>
            {!prefersReducedMotion && (
              <SliderButton
                label={isPausedByVisitor ? 'Play slideshow' : 'Pause slideshow'}
                onClick={() => setIsPausedByVisitor((paused) => !paused)}
                className="ml-auto"
              >
                {isPausedByVisitor ? <PlayIcon /> : <PauseIcon />}
              </SliderButton>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function SliderButton({
  label,
  onClick,
  className = '',
  children,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`flex h-10 w-10 items-center justify-center rounded-full border border-white/30 bg-slate-950/40 text-white backdrop-blur hover:bg-white hover:text-slate-900 ${className}`}
    >
      {children}
    </button>
  );
}

const ChevronLeft = () => (
  <Icon>
    <path d="m15 18-6-6 6-6" />
  </Icon>
);
const ChevronRight = () => (
  <Icon>
    <path d="m9 18 6-6-6-6" />
  </Icon>
);
const PauseIcon = () => (
  <Icon>
    <path d="M9 5v14M15 5v14" />
  </Icon>
);
const PlayIcon = () => (
  <Icon>
    <path d="M7 5l12 7-12 7z" />
  </Icon>
);
