import { SupportMessageRequestSchema, type SupportTicket } from '@vestora/shared';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { FormError, TextAreaField } from '../../../ui/field.tsx';
import { count, formatDateTime } from '../../../ui/format.ts';
import { ArrowLeftIcon } from '../../../ui/icons.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { ErrorNote } from '../../../ui/table.tsx';
import { useListParams } from '../../../ui/use-list-params.ts';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import {
  TICKETS_PAGE_SIZE,
  type TicketFilter,
  useCloseTicket,
  useReplyToTicket,
  useTickets,
} from './support-api.ts';

const FILTERS: [TicketFilter, string][] = [
  ['open', 'Open'],
  ['answered', 'Answered'],
  ['closed', 'Closed'],
  ['all', 'All'],
];

const TICKET_FILTERS = FILTERS.map(([value]) => value);

const EMPTY_TEXT: Record<TicketFilter, string> = {
  open: 'No ticket is waiting for a reply. All caught up.',
  answered: 'No answered ticket.',
  closed: 'No closed ticket.',
  all: 'Nobody has written to support yet.',
};

const STATUS_TONES: Record<SupportTicket['status'], string> = {
  open: 'bg-amber-100 text-amber-800 ring-amber-200',
  answered: 'bg-sky-100 text-sky-800 ring-sky-200',
  closed: 'bg-slate-100 text-slate-600 ring-slate-200',
};

function TicketStatus({ status }: { status: SupportTicket['status'] }) {
  return (
    <span
      className={`inline-flex shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold capitalize ring-1 ring-inset ${STATUS_TONES[status]}`}
    >
      {status}
    </span>
  );
}

function TicketList({
  tickets,
  selectedId,
  emptyText,
  onSelect,
}: {
  tickets: SupportTicket[];
  selectedId: string | undefined;
  emptyText: string;
  onSelect: (ticket: SupportTicket) => void;
}) {
  if (tickets.length === 0) {
    return (
      <p className="rounded-2xl border border-slate-200 bg-white px-4 py-12 text-center text-sm text-slate-500 shadow-sm">
        {emptyText}
      </p>
    );
  }
  return (
    <ul
      aria-label="Tickets"
      className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {tickets.map((ticket) => {
        const last = ticket.messages.at(-1);
        const isSelected = ticket._id === selectedId;
        return (
          <li key={ticket._id}>
            <button
              type="button"
              onClick={() => onSelect(ticket)}
              aria-current={isSelected ? 'true' : undefined}
              className={`block w-full px-4 py-3 text-left hover:bg-slate-50 ${
                isSelected ? 'bg-brand-50 shadow-[inset_3px_0_0] shadow-brand-700 hover:bg-brand-50' : ''
              }`}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate text-sm font-semibold text-slate-900">{ticket.fullName}</span>
                <TicketStatus status={ticket.status} />
              </span>
              <span className="mt-0.5 block truncate text-sm text-slate-800">{ticket.subject}</span>
              {last && (
                <span className="mt-0.5 block truncate text-xs text-slate-500">
                  {last.isFromStaff ? 'You: ' : ''}
                  {last.body}
                </span>
              )}
              <span className="mt-1 block text-[11px] text-slate-500">
                {formatDateTime(ticket.updatedAt)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ReplyForm({
  ticket,
  onAnswered,
}: {
  ticket: SupportTicket;
  onAnswered: (ticket: SupportTicket) => void;
}) {
  const reply = useReplyToTicket();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(SupportMessageRequestSchema, { defaultValues: { message: '' } });

  const onSubmit = handleSubmit(({ message }) => {
    reply.mutate(
      { ticketId: ticket._id, message },
      {
        onSuccess: ({ data }) => {
          reset();
          onAnswered(data);
        },
        onError: (error) => setError('root', { message: errorMessage(error) }),
      },
    );
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="space-y-3 border-t border-slate-200 p-4"
    >
      <TextAreaField
        label={`Reply to ${ticket.fullName}`}
        rows={4}
        maxLength={5000}
        placeholder={
          ticket.status === 'closed'
            ? 'Replying opens the conversation again.'
            : 'The user is notified and reads the reply in their support page.'
        }
        error={errors.message?.message}
        {...register('message')}
      />
      <FormError message={errors.root?.message} />
      <div className="flex justify-end">
        <Button type="submit" disabled={reply.isPending} className="max-sm:w-full">
          {reply.isPending ? 'Sending...' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}

function TicketConversation({
  ticket,
  onBack,
  onChanged,
}: {
  ticket: SupportTicket;
  onBack: () => void;
  onChanged: (ticket: SupportTicket) => void;
}) {
  const closeTicket = useCloseTicket();
  const [isClosing, setIsClosing] = useState(false);
  const [closeRefusal, setCloseRefusal] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Opening a ticket (each one mounts afresh) takes the reader and a screen reader's focus to it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const onConfirmClose = () =>
    closeTicket.mutate(ticket._id, {
      onSuccess: ({ data }) => {
        setIsClosing(false);
        onChanged(data);
      },
      onError: (error) => setCloseRefusal(errorMessage(error)),
    });

  return (
    <article className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 p-4">
        <div className="min-w-0">
          <button
            type="button"
            onClick={onBack}
            className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline lg:hidden"
          >
            <ArrowLeftIcon width={16} height={16} />
            All tickets
          </button>
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold break-words text-slate-900 focus:outline-none"
          >
            {ticket.subject}
          </h2>
          <p className="text-sm text-slate-600">
            {ticket.fullName} <span className="text-slate-500">@{ticket.userName}</span> · opened{' '}
            {formatDateTime(ticket.createdAt)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <TicketStatus status={ticket.status} />
          {ticket.status !== 'closed' && (
            <Button size="sm" variant="secondary" onClick={() => setIsClosing(true)}>
              Close ticket
            </Button>
          )}
        </div>
      </header>

      <ol aria-label="Conversation" className="space-y-3 p-4">
        {ticket.messages.map((message) => (
          <li key={message._id} className={`flex ${message.isFromStaff ? 'justify-end' : 'justify-start'}`}>
            <div
              className={`max-w-[85%] rounded-2xl px-4 py-2.5 text-sm ${
                message.isFromStaff
                  ? 'rounded-br-md bg-brand-700 text-white'
                  : 'rounded-bl-md bg-slate-100 text-slate-900'
              }`}
            >
              <p className={`mb-1 text-xs ${message.isFromStaff ? 'text-brand-100' : 'text-slate-500'}`}>
                <span className="font-semibold">
                  {message.isFromStaff ? `${message.authorName} (staff)` : message.authorName}
                </span>
                {' · '}
                {formatDateTime(message.createdAt)}
              </p>
              <p className="break-words whitespace-pre-line">{message.body}</p>
            </div>
          </li>
        ))}
      </ol>

      <ReplyForm ticket={ticket} onAnswered={onChanged} />

      <ConfirmDialog
        open={isClosing}
        onOpenChange={(open) => {
          if (closeTicket.isPending) return;
          setIsClosing(open);
          setCloseRefusal(undefined);
        }}
        title="Close this ticket"
        question={`${ticket.fullName} can no longer write in this conversation; they can open a new one.`}
        confirmLabel="Close ticket"
        busyLabel="Closing..."
        isBusy={closeTicket.isPending}
        onConfirm={onConfirmClose}
      >
        <FormError message={closeRefusal} />
      </ConfirmDialog>
    </article>
  );
}

/** Support tickets: a list filtered by status, and the conversation of the one selected with its reply box. */
export function SupportPage() {
  const list = useListParams({ status: TICKET_FILTERS });
  // Open tickets unless the address names another status.
  const status = list.filterOf('status') ?? 'open';
  const page = list.page;
  // Kept as the ticket itself: after a reply it may leave the filtered list but stays on screen.
  const [selected, setSelected] = useState<SupportTicket | null>(null);
  const { data, isPending, isError, error, isFetching } = useTickets({ status, page });
  const shown = selected ? (data?.data.find((ticket) => ticket._id === selected._id) ?? selected) : null;

  const onFilter = (filter: TicketFilter) => {
    list.setFilter('status', filter === 'open' ? null : filter);
    setSelected(null);
  };

  return (
    <section className="space-y-4">
      <PageHeader
        title="Support"
        description={
          <>
            {data ? `${count(data.total)} ${status === 'all' ? 'in all' : status}. ` : ''}The user is notified
            of each reply.
          </>
        }
        className={shown ? 'max-lg:hidden' : ''}
      >
        <fieldset className="grid w-full grid-cols-4 rounded-lg border border-slate-200 bg-white p-1 shadow-sm sm:inline-grid sm:w-auto">
          <legend className="sr-only">Ticket status</legend>
          {FILTERS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => onFilter(value)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${
                status === value ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              {label}
            </button>
          ))}
        </fieldset>
      </PageHeader>

      {isPending ? (
        <PageSpinner label="Loading tickets" />
      ) : isError ? (
        <ErrorNote message={errorMessage(error)} />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div
            className={`min-w-0 space-y-3 ${shown ? 'max-lg:hidden' : ''} ${isFetching ? 'opacity-60' : ''}`}
          >
            <TicketList
              tickets={data.data}
              selectedId={shown?._id}
              emptyText={EMPTY_TEXT[status]}
              onSelect={setSelected}
            />
            <Pagination
              page={page}
              pageSize={TICKETS_PAGE_SIZE}
              total={data.total}
              noun="tickets"
              onPageChange={list.setPage}
            />
          </div>
          {shown ? (
            <TicketConversation
              key={shown._id}
              ticket={shown}
              onBack={() => setSelected(null)}
              onChanged={setSelected}
            />
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-16 text-center text-sm text-slate-500 max-lg:hidden">
              Choose a ticket to read the conversation and reply.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
