import { SupportMessageRequestSchema, type SupportTicket } from '@vestora/shared';
import { useId } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { SupportEmailLink } from '../../../shell/support-email-link.tsx';
import { Button } from '../../../ui/button.tsx';
import { CardSection } from '../../../ui/card.tsx';
import { FormError, TextAreaField } from '../../../ui/field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { formatDateTime } from '../format.ts';
import {
  useReplyToTicket,
  useSendSupportMessage,
  useSupportEmail,
  useSupportTickets,
} from './support-api.ts';

const TICKET_STATUS = {
  open: { label: 'Waiting for an answer', tone: 'bg-amber-100 text-amber-900 ring-amber-200' },
  answered: { label: 'Answered', tone: 'bg-green-100 text-green-800 ring-green-200' },
  closed: { label: 'Closed', tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
} as const;

/** A message box that sends on submit; used for the first message and for follow-ups. */
function MessageForm({
  label,
  submitLabel,
  isBusy,
  onSend,
}: {
  label: string;
  submitLabel: string;
  isBusy: boolean;
  /** Sends the message; the send's own hook says the answer. */
  onSend: (message: string) => Promise<unknown>;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(SupportMessageRequestSchema, { defaultValues: { message: '' } });

  const onSubmit = handleSubmit(async ({ message }) => {
    try {
      await onSend(message);
      reset();
    } catch (failure) {
      setError('root', { message: errorMessage(failure) });
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3">
      <TextAreaField
        label={label}
        required
        rows={5}
        maxLength={5000}
        error={errors.message?.message}
        {...register('message')}
      />
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={isBusy} className="w-full sm:w-auto">
        {isBusy ? 'Sending...' : submitLabel}
      </Button>
    </form>
  );
}

function Ticket({ ticket }: { ticket: SupportTicket }) {
  const headingId = useId();
  const reply = useReplyToTicket();
  const status = TICKET_STATUS[ticket.status];
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate font-semibold text-slate-900">
            {ticket.subject}
          </h3>
          <p className="text-xs text-slate-500">Opened {formatDateTime(ticket.createdAt)}</p>
        </div>
        <span
          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${status.tone}`}
        >
          {status.label}
        </span>
      </header>
      <ol className="mt-4 space-y-3">
        {ticket.messages.map((message) => (
          <li
            key={message._id}
            className={`rounded-xl px-4 py-3 text-sm ${
              message.isFromStaff
                ? 'mr-6 bg-brand-50 text-brand-900 sm:mr-16'
                : 'ml-6 bg-slate-100 text-slate-800 sm:ml-16'
            }`}
          >
            <p className="mb-1 text-xs font-semibold">
              {message.isFromStaff ? `${message.authorName} · Support team` : 'You'}
              <span className="font-normal text-slate-600"> · {formatDateTime(message.createdAt)}</span>
            </p>
            <p className="whitespace-pre-wrap break-words">{message.body}</p>
          </li>
        ))}
      </ol>
      {ticket.status !== 'closed' && (
        <details className="mt-4 rounded-xl border border-slate-200 px-4 py-3">
          <summary className="cursor-pointer text-sm font-semibold text-brand-700">Reply</summary>
          <div className="mt-3">
            <MessageForm
              label="Your reply"
              submitLabel="Send reply"
              isBusy={reply.isPending}
              onSend={(message) => reply.mutateAsync({ ticketId: ticket._id, message })}
            />
          </div>
        </details>
      )}
    </article>
  );
}

export function SupportPage() {
  const supportEmail = useSupportEmail();
  const send = useSendSupportMessage();
  const tickets = useSupportTickets();
  const ticketsHeadingId = useId();

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title="Support" description="Ask us anything about your account; our team answers here." />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <CardSection
          title="Send us a message"
          description={
            supportEmail && (
              <>
                Or write to{' '}
                <SupportEmailLink email={supportEmail} className="font-medium text-brand-700 underline" />
              </>
            )
          }
          className="p-5 sm:p-6 lg:col-span-2"
        >
          <MessageForm
            label="Message"
            submitLabel="Send"
            isBusy={send.isPending}
            onSend={(message) => send.mutateAsync(message)}
          />
        </CardSection>
        <section aria-labelledby={ticketsHeadingId} className="space-y-4 lg:col-span-3">
          <h2 id={ticketsHeadingId} className="text-lg font-semibold text-slate-900">
            Your requests
          </h2>
          <QueryView
            query={tickets}
            loadingLabel="Loading your requests"
            empty={{ when: ({ data }) => data.length === 0, content: 'You have not written to us yet.' }}
          >
            {({ data }) => (
              <div className="space-y-4">
                {data.map((ticket) => (
                  <Ticket key={ticket._id} ticket={ticket} />
                ))}
              </div>
            )}
          </QueryView>
        </section>
      </div>
    </div>
  );
}
