import { type ExchangeRate, SetRatesRequestSchema } from '@vestora/shared';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../app/api.ts';
import { Button } from '../../ui/button.tsx';
import { FormError, TextField } from '../../ui/field.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { ErrorNote } from '../../ui/table.tsx';
import { useRates, useSetRates } from './rates-api.ts';

interface RatesForm {
  btc: string;
  eth: string;
}

const setAtNote = (rate: ExchangeRate | null) => (rate ? `Set ${formatDateTime(rate.setAt)}` : 'Not set yet');

/** The USD prices Bitcoin and Ether deposits are credited at; USDT is one dollar. */
export function RatesPanel() {
  const headingId = useId();
  const { data, isPending, isError, error } = useRates();
  const setRates = useSetRates();
  const { register, handleSubmit, reset, setError, formState } = useForm<RatesForm>({
    defaultValues: { btc: '', eth: '' },
  });
  const rates = data?.data;

  useEffect(() => {
    if (rates) reset({ btc: rates.btc?.usd ?? '', eth: rates.eth?.usd ?? '' });
  }, [rates, reset]);

  const onSubmit = handleSubmit((values) => {
    const parsed = SetRatesRequestSchema.safeParse(values);
    if (!parsed.success) {
      setError('root', { message: parsed.error.issues[0]?.message });
      return;
    }
    setRates.mutate(values, { onError: (failed) => setError('root', { message: errorMessage(failed) }) });
  });

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={isPending || setRates.isPending}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Exchange rates
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        The USD price of one coin that Bitcoin and Ether deposits are valued at. USDT counts as one dollar.
      </p>
      {isError ? (
        <ErrorNote message={errorMessage(error)} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <TextField
                label="BTC price (USD)"
                inputMode="decimal"
                autoComplete="off"
                {...register('btc')}
              />
              <p className="mt-1 text-xs text-slate-500">{rates ? setAtNote(rates.btc) : ' '}</p>
            </div>
            <div>
              <TextField
                label="ETH price (USD)"
                inputMode="decimal"
                autoComplete="off"
                {...register('eth')}
              />
              <p className="mt-1 text-xs text-slate-500">{rates ? setAtNote(rates.eth) : ' '}</p>
            </div>
          </div>
          <FormError message={formState.errors.root?.message} />
          <Button type="submit" disabled={isPending || setRates.isPending} className="max-sm:w-full">
            {setRates.isPending ? 'Saving...' : 'Save rates'}
          </Button>
        </form>
      )}
    </section>
  );
}
