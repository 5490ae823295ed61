import { type ExchangeRate, RatesFormSchema } from '@vestora/shared';
import { useEffect } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { CardSection } from '../../../ui/card.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { ErrorNote } from '../../../ui/table.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useRates, useSetRates } from './rates-api.ts';

const setAtNote = (rate: ExchangeRate | null) => (rate ? `Set ${formatDateTime(rate.setAt)}` : 'Not set yet');

/** The USD prices Bitcoin and Ether deposits are credited at; USDT is one dollar. */
export function RatesPanel() {
  const { data, isPending, isError, error } = useRates();
  const setRates = useSetRates();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(RatesFormSchema, { defaultValues: { btc: '', eth: '' } });
  const rates = data?.data;

  useEffect(() => {
    if (rates) reset({ btc: rates.btc?.usd ?? '', eth: rates.eth?.usd ?? '' });
  }, [rates, reset]);

  const onSubmit = handleSubmit((values) => {
    setRates.mutate(values, { onError: (failed) => setError('root', { message: errorMessage(failed) }) });
  });

  return (
    <CardSection
      title="Exchange rates"
      description="The USD price of one coin that Bitcoin and Ether deposits are valued at. USDT counts as one dollar."
      aria-busy={isPending || setRates.isPending}
      className="p-4 sm:p-5"
    >
      {isError ? (
        <ErrorNote message={errorMessage(error)} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {(['btc', 'eth'] as const).map((coin) => (
              <div key={coin}>
                <TextField
                  label={`${coin.toUpperCase()} price (USD)`}
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors[coin]?.message}
                  {...register(coin)}
                />
                <p className="mt-1 text-xs text-slate-500">{rates ? setAtNote(rates[coin]) : ' '}</p>
              </div>
            ))}
          </div>
          <FormError message={errors.root?.message} />
          <Button type="submit" disabled={isPending || setRates.isPending} className="max-sm:w-full">
            {setRates.isPending ? 'Saving...' : 'Save rates'}
          </Button>
        </form>
      )}
    </CardSection>
  );
}
