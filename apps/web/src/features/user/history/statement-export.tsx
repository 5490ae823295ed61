import { StatementFormSchema } from '@vestora/shared';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useDownloadStatement } from './statement-api.ts';

/**
 * Downloads a statement of the balance's movements as CSV, for a spreadsheet or an accountant:
 * between two days, or everything when the days are left empty.
 */
export function StatementExport() {
  const download = useDownloadStatement();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useZodForm(StatementFormSchema, { defaultValues: { from: '', to: '' } });
  const [from, to] = watch(['from', 'to']);

  const onSubmit = handleSubmit((query) => download.mutate(query));

  return (
    <section
      aria-labelledby="statement-export"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="statement-export" className="font-semibold text-slate-900">
        Export statement
      </h2>
      <p className="text-sm text-slate-600">
        Every movement of your balance with the balance after it, as a CSV file for a spreadsheet. Leave the
        dates empty for everything.
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4">
        <fieldset disabled={download.isPending} className="flex flex-wrap items-end gap-3">
          <legend className="sr-only">Statement dates</legend>
          <TextField
            label="From"
            type="date"
            max={to || undefined}
            error={errors.from?.message}
            {...register('from')}
            className="min-w-36 flex-1"
          />
          <TextField
            label="To"
            type="date"
            min={from || undefined}
            error={errors.to?.message}
            {...register('to')}
            className="min-w-36 flex-1"
          />
          <Button type="submit" variant="secondary" className="w-full sm:w-auto">
            {download.isPending ? 'Preparing...' : 'Download CSV'}
          </Button>
        </fieldset>
        <FormError message={download.isError ? errorMessage(download.error) : undefined} />
      </form>
    </section>
  );
}
