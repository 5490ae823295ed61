import { COINS, type Coin } from '@vestora/shared';
import { forwardRef, useId } from 'react';
import { SelectField, type SelectFieldProps } from '../../../ui/field.tsx';
import { COIN_NAMES } from '../format.ts';

/** Ticker letters rather than currency glyphs, which many system fonts lack. */
const MARKS: Record<Coin, { ticker: string; tone: string }> = {
  btc: { ticker: 'BTC', tone: 'bg-orange-100 text-orange-800' },
  eth: { ticker: 'ETH', tone: 'bg-indigo-100 text-indigo-800' },
  usdt: { ticker: 'USDT', tone: 'bg-emerald-100 text-emerald-800' },
};

export function CoinMark({ coin }: { coin: Coin }) {
  const { ticker, tone } = MARKS[coin];
  return (
    <span
      aria-hidden="true"
      className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-[10px] font-bold tracking-tight ${tone}`}
    >
      {ticker}
    </span>
  );
}

interface CoinChoiceProps<C extends Coin> {
  legend: string;
  coins: readonly C[];
  value: C | null;
  onChange: (coin: C) => void;
}

/**
 * Radio buttons drawn as cards: exactly one coin at a time, arrow keys move between them. Each
 * invisible radio covers its whole card, so a click anywhere on it is a click on the radio.
 */
export function CoinChoice<C extends Coin>({ legend, coins, value, onChange }: CoinChoiceProps<C>) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      <div className={`grid gap-3 ${coins.length === 3 ? 'grid-cols-1 sm:grid-cols-3' : 'grid-cols-2'}`}>
        {coins.map((coin) => (
          <label
            key={coin}
            className="relative flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white px-3 py-3 transition-colors hover:border-slate-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={coin}
              checked={value === coin}
              onChange={() => onChange(coin)}
              className="absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-xl opacity-0"
            />
            <CoinMark coin={coin} />
            <span className="text-sm font-semibold text-slate-900">{COIN_NAMES[coin]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A select of the coins, by their full names. */
export const CoinSelectField = forwardRef<HTMLSelectElement, Omit<SelectFieldProps, 'children'>>(
  function CoinSelectField(props, ref) {
    return (
      <SelectField ref={ref} {...props}>
        {COINS.map((coin) => (
          <option key={coin} value={coin}>
            {COIN_NAMES[coin]}
          </option>
        ))}
      </SelectField>
    );
  },
);
