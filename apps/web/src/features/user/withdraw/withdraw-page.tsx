import {
  MESSAGES,
  type TradeUser,
  WITHDRAWAL_FEE_POLICY,
  type WithdrawForm,
  withdrawFormSchema,
} from '@vestora/shared';
import { useId, useMemo } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { CardSection } from '../../../ui/card.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { PayoutNote } from '../../../ui/payout-note.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { ErrorNote } from '../../../ui/table.tsx';
import { useListParams } from '../../../ui/use-list-params.ts';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { EmailConfirmationNotice } from '../account/email-confirmation-notice.tsx';
import { useProfile } from '../account/profile-api.ts';
import { CoinMark, CoinSelectField } from '../deposit/coin-choice.tsx';
import { COIN_NAMES, formatDateTime, usd } from '../format.ts';
import { WithdrawalAddressBook } from './withdrawal-address-book.tsx';
import { useWithdrawalAddressBook } from './withdrawal-addresses-api.ts';
import { WithdrawalLimitsPanel } from './withdrawal-limits-panel.tsx';
import { useWithdrawalSubmission, WithdrawalPasskeyDialog } from './withdrawal-submission.tsx';
import { useWithdrawals, WITHDRAWALS_PAGE_SIZE } from './withdrawals-api.ts';

const EMPTY_FORM: WithdrawForm = { amount: '', method: 'btc', address: '' };

export function WithdrawPage() {
  const { data: user } = useProfile();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Withdrawal</h1>
        <p className="text-sm text-slate-600">Move money from your balance to your own wallet.</p>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <WithdrawalForm user={user} />
        <WithdrawalRequests />
      </div>
      <WithdrawalAddressBook />
    </div>
  );
}

function WithdrawalForm({ user }: { user: TradeUser }) {
  const reasonId = useId();
  const confirmationId = useId();
  const lockId = useId();
  const addressListId = useId();
  const addressBook = useWithdrawalAddressBook();
  const lockedUntil = addressBook.data?.withdrawalsLockedUntil ?? null;
  const schema = useMemo(() => withdrawFormSchema(user.accountBalance), [user.accountBalance]);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: EMPTY_FORM, isFirstProblemToasted: true });
  const method = watch('method');
  const usableAddresses = (addressBook.data?.data ?? []).filter(
    (saved) => saved.isUsable && saved.coin === method,
  );

  const submission = useWithdrawalSubmission({
    onSent: (request) => reset({ ...EMPTY_FORM, method: request.method }),
    onRefused: (message) => setError('root', { message }),
  });
  const onSubmit = handleSubmit(submission.submit);

  return (
    <CardSection title="Request New Withdrawal" className="p-5 sm:p-6 lg:col-span-2">
      <div className="rounded-xl bg-brand-50 px-4 py-3">
        <p className="text-sm text-brand-900">Available balance</p>
        <p className="text-2xl font-bold text-brand-900 tabular-nums">{usd(user.accountBalance)}</p>
      </div>
      <WithdrawalLimitsPanel className="mt-4" />
      {!user.isEmailConfirmed && (
        <EmailConfirmationNotice
          user={user}
          reason={MESSAGES.emailUnconfirmedToWithdraw}
          id={confirmationId}
          className="mt-4"
        />
      )}
      {!user.isVerified && (
        <Notice tone="warning" id={reasonId} className="mt-4">
          <strong className="font-semibold">{MESSAGES.mustBeVerifiedToWithdraw}</strong> You can deposit in
          the meantime; this form opens as soon as your account is verified.
        </Notice>
      )}
      {lockedUntil && (
        <Notice tone="warning" id={lockId} role="status" className="mt-4">
          <strong className="font-semibold">
            Withdrawals are paused until {formatDateTime(lockedUntil)}
          </strong>{' '}
          after a change to your account's security (password, e-mail or two-factor sign-in). If you did not
          make it, change your password and contact support.
        </Notice>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-5">
        <fieldset
          disabled={!user.isEmailConfirmed || !user.isVerified || lockedUntil !== null || submission.isBusy}
          aria-describedby={
            !user.isEmailConfirmed
              ? confirmationId
              : !user.isVerified
                ? reasonId
                : lockedUntil
                  ? lockId
                  : undefined
          }
          className="space-y-4"
        >
          <legend className="sr-only">Withdrawal details</legend>
          <TextField
            label="Amount (USD)"
            inputMode="decimal"
            autoComplete="off"
            error={errors.amount?.message}
            {...register('amount')}
          />
          <CoinSelectField label="Method" error={errors.method?.message} {...register('method')} />
          <TextField
            label="Destination address"
            autoComplete="off"
            spellCheck={false}
            className="[&_input]:font-mono"
            list={addressListId}
            error={errors.address?.message}
            {...register('address')}
          />
          <datalist id={addressListId}>
            {usableAddresses.map((saved) => (
              <option key={saved._id} value={saved.address}>
                {saved.label}
              </option>
            ))}
          </datalist>
          <p className="text-xs text-slate-600">
            One of your saved addresses that is ready for withdrawals; manage them in the address book below.
          </p>
          <p className="text-sm text-slate-700">{WITHDRAWAL_FEE_POLICY}</p>
          <FormError message={errors.root?.message} />
          <Button type="submit" className="w-full">
            {submission.isBusy ? 'Processing...' : 'WITHDRAW'}
          </Button>
        </fieldset>
      </form>
      <WithdrawalPasskeyDialog {...submission.dialog} />
    </CardSection>
  );
}

function WithdrawalRequests() {
  const { page, setPage } = useListParams({});
  const { data, isPending, isError, error } = useWithdrawals(page);

  return (
    <CardSection title="Your withdrawal requests" className="p-5 sm:p-6 lg:col-span-3">
      {isPending ? (
        <PageSpinner label="Loading withdrawal requests" />
      ) : isError ? (
        <ErrorNote message={errorMessage(error)} />
      ) : data.data.length === 0 ? (
        <p className="rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">
          No withdrawal requests yet.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.data.map((withdrawal) => (
            <li key={withdrawal._id} className="flex items-start justify-between gap-3 py-3">
              <div className="flex min-w-0 gap-3">
                <CoinMark coin={withdrawal.method} />
                <div className="min-w-0 space-y-0.5">
                  <p className="font-semibold text-slate-900 tabular-nums">
                    {usd(withdrawal.amount)}{' '}
                    <span className="font-normal text-slate-600">in {COIN_NAMES[withdrawal.method]}</span>
                  </p>
                  <p className="truncate font-mono text-xs text-slate-600" title={withdrawal.address}>
                    To {withdrawal.address}
                  </p>
                  <p className="text-xs text-slate-500">{formatDateTime(withdrawal.createdAt)}</p>
                  {withdrawal.payout && <PayoutNote payout={withdrawal.payout} coin={withdrawal.method} />}
                  {withdrawal.reason && <p className="text-xs text-red-700">Reason: {withdrawal.reason}</p>}
                </div>
              </div>
              <StatusBadge status={withdrawal.status} />
            </li>
          ))}
        </ul>
      )}
      {data && (
        <div className="mt-4">
          <Pagination
            page={page}
            pageSize={WITHDRAWALS_PAGE_SIZE}
            total={data.total}
            onPageChange={setPage}
            noun="requests"
          />
        </div>
      )}
    </CardSection>
  );
}
