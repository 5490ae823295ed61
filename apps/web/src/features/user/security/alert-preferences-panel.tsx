import { type MailChoices, MailChoicesSchema } from '@vestora/shared';
import { type Choice, ChoicesForm } from './choices-form.tsx';
import { useMailChoices, useSetMailChoices } from './mail-alerts-api.ts';
import { PushNotificationsPanel } from './push-notifications-panel.tsx';

const CHOICES: Choice<keyof MailChoices>[] = [
  { key: 'deposits', label: 'Deposits', hint: 'A deposit approved, credited or declined.' },
  { key: 'withdrawals', label: 'Withdrawals', hint: 'A withdrawal requested, paid or declined.' },
  { key: 'adjustments', label: 'Adjustments', hint: 'An administrator credits or debits your balance.' },
];

/** Security: which money e-mails come, then which notifications are pushed; the security ones always do. */
export function AlertPreferencesPanel() {
  const { data } = useMailChoices();
  const saveChoices = useSetMailChoices();

  return (
    <>
      <section
        aria-labelledby="mail-choices"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="mail-choices" className="font-semibold text-slate-900">
          E-mail alerts
        </h2>
        <p className="text-sm text-slate-600">
          Security e-mails (new sign-ins, password, e-mail and two-factor changes, new withdrawal addresses)
          always come. Choose the money e-mails you want:
        </p>
        <ChoicesForm
          schema={MailChoicesSchema}
          choices={CHOICES}
          saved={data?.data}
          save={(choices) => saveChoices.mutateAsync(choices)}
          isSaving={saveChoices.isPending}
          legend="Money e-mails"
          submitLabel="Save e-mail choices"
        />
      </section>
      <PushNotificationsPanel />
    </>
  );
}
