import { StatementQuerySchema } from '@vestora/shared';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { useDownloadStatement } from './statement-api.ts';

/**
 * Downloads a statement of the balance's movements as CSV, for a spreadsheet or an accountant:
 * between two days, or everything when the days are left empty.
 */
export function StatementExport() {
  const download = useDownloadStatement();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const query = StatementQuerySchema.safeParse({ from: from || undefined, to: to || undefined });
    if (!query.success) {
      setError(query.error.issues[0]?.message);
      return;
    }
    download.mutate(query.data, { onError: (failure) => setError(errorMessage(failure)) });
  };

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
      <form onSubmit={onSubmit} noValidate className="mt-4">
        <fieldset disabled={download.isPending} className="flex flex-wrap items-end gap-3">
          <legend className="sr-only">Statement dates</legend>
          <TextField
            label="From"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
            className="min-w-36 flex-1"
          />
          <TextField
            label="To"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
            className="min-w-36 flex-1"
          />
          <Button type="submit" variant="secondary" className="w-full sm:w-auto">
            {download.isPending ? 'Preparing...' : 'Download CSV'}
          </Button>
        </fieldset>
        <FormError message={error} />
      </form>
    </section>
  );
}
