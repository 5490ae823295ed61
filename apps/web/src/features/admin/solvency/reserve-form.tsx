import { type Coin, MESSAGES, registerReserveRoute as registerReserveContract } from '@vestora/shared';
import { useId, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiError, errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { CardSection } from '../../../ui/card.tsx';
import { copyText } from '../../../ui/copy-text.ts';
import { FormError, SelectField, TextAreaField, TextField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { type ReserveRequest, useRegisterReserve, useReserveChallenge } from './solvency-api.ts';

const COIN_OPTIONS: [Coin, string][] = [
  ['btc', 'Bitcoin'],
  ['eth', 'Ether'],
  ['usdt', 'USDT'],
];

/** The server's refusals that concern one field, shown on that field; the rest go above the buttons. */
const FIELD_OF_REFUSAL = new Map<string, 'address' | 'accountKey' | 'childIndex' | 'signature'>([
  [MESSAGES.reserveAddressMalformed, 'address'],
  [MESSAGES.reserveAddressWrongNetwork, 'address'],
  [MESSAGES.reserveAlreadyRegistered, 'address'],
  [MESSAGES.reserveAccountKeyNotWallet, 'accountKey'],
  [MESSAGES.reserveChildMismatch, 'childIndex'],
  [MESSAGES.reserveSignatureInvalid, 'signature'],
]);

function showRefusal(error: unknown, setError: UseFormSetError<ReserveRequest>) {
  const message = errorMessage(error);
  const field = error instanceof ApiError ? FIELD_OF_REFUSAL.get(message) : undefined;
  setError(field ?? 'root', { message }, { shouldFocus: field !== undefined });
}

/** An empty optional field is left out, not sent as an empty key or index. */
const optionalText = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalIndex = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);

/** How to sign with each kind of address; the text must be signed exactly as shown, line breaks included. */
function SigningSteps({ coin }: { coin: Coin }) {
  if (coin === 'btc') {
    return (
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          Legacy address (1…): Bitcoin Core's <code className="font-mono">signmessage</code> with the
          address's wallet, or the Sign message window of its GUI. Paste the base64 signature.
        </li>
        <li>
          Native SegWit address (bc1q…): a BIP-322 "simple" signature, from a wallet that makes one such as
          Sparrow or Electrum (Sign/verify message). Paste the base64 signature.
        </li>
      </ul>
    );
  }
  return (
    <p className="text-sm text-slate-700">
      Ethereum address (0x…): <code className="font-mono">personal_sign</code>, as MetaMask's "Sign message"
      does, with the address's account. Paste the 0x… signature (65 bytes).
    </p>
  );
}

/**
 * Registers a reserve address in two steps: the server gives today's text naming the platform, the
 * address (and its account key) and the date; the operator signs it with the address's key and pastes
 * the signature, which the server checks before counting the address.
 */
export function ReserveForm() {
  const challengeQuery = useReserveChallenge();
  const registerReserve = useRegisterReserve();
  const [challenge, setChallenge] = useState<string>();
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(registerReserveContract.body, {
    defaultValues: { coin: 'btc', address: '', challenge: '', signature: '' },
  });
  const stepsId = useId();
  // The text names the address and the key: another address or key needs a text of its own.
  const forgetChallenge = () => setChallenge(undefined);
  const hasAccountKey = Boolean(watch('accountKey')?.trim());

  const askChallenge = async () => {
    if (!(await trigger(['coin', 'address', 'accountKey', 'childIndex']))) return;
    const { address, accountKey } = getValues();
    challengeQuery.mutate(
      { address, ...(accountKey ? { accountKey } : {}) },
      {
        onSuccess: ({ data }) => setChallenge(data.challenge),
        onError: (failed) => showRefusal(failed, setError),
      },
    );
  };

  const onSubmit = handleSubmit((request) => {
    if (!challenge) return;
    // An index is the signer's place in an account key; without a key it means nothing.
    const { childIndex, ...address } = request;
    registerReserve.mutate(
      { ...address, ...(request.accountKey ? { childIndex } : {}), challenge },
      {
        onSuccess: () => {
          reset();
          setChallenge(undefined);
        },
        onError: (failed) => showRefusal(failed, setError),
      },
    );
  });

  return (
    <CardSection
      title="Register a reserve address"
      description="An address the platform holds coins at, proven by its key's signature. It counts from the next snapshot."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <SelectField
            label="Coin"
            error={errors.coin?.message}
            {...register('coin', { onChange: forgetChallenge })}
          >
            {COIN_OPTIONS.map(([coin, label]) => (
              <option key={coin} value={coin}>
                {label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Address that signs"
            autoComplete="off"
            spellCheck={false}
            className="min-w-0 [&_input]:font-mono"
            error={errors.address?.message}
            {...register('address', { onChange: forgetChallenge })}
          />
        </div>
        <TextField
          label="Account key (xpub/zpub/vpub) — every deposit address it derives counts"
          autoComplete="off"
          spellCheck={false}
          className="[&_input]:font-mono"
          error={errors.accountKey?.message}
          {...register('accountKey', { onChange: forgetChallenge, setValueAs: optionalText })}
        />
        {hasAccountKey && (
          <TextField
            label="Receive index of the signing address"
            inputMode="numeric"
            className="max-w-64"
            error={errors.childIndex?.message}
            {...register('childIndex', { onChange: forgetChallenge, setValueAs: optionalIndex })}
          />
        )}
        {!challenge && (
          <>
            <FormError message={errors.root?.message} />
            <Button
              variant="secondary"
              onClick={() => void askChallenge()}
              disabled={challengeQuery.isPending}
            >
              {challengeQuery.isPending ? 'Getting the text…' : 'Get the text to sign'}
            </Button>
          </>
        )}
        {challenge && (
          <div className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
            <div>
              <TextAreaField
                label="Text to sign"
                readOnly
                rows={challenge.split('\n').length + 1}
                value={challenge}
                aria-describedby={stepsId}
                className="[&_textarea]:font-mono [&_textarea]:text-xs"
              />
              <Button
                size="sm"
                variant="secondary"
                className="mt-2"
                onClick={() =>
                  void copyText(challenge).then((isCopied) =>
                    isCopied
                      ? toast.success('Text to sign copied.')
                      : toast.error('Select the text and copy it.'),
                  )
                }
              >
                Copy the text
              </Button>
            </div>
            <div id={stepsId} className="space-y-2">
              <p className="text-sm font-medium text-slate-800">
                Sign it exactly as shown, line breaks included, with the key of{' '}
                {hasAccountKey ? 'the receive address at that index of the account key' : 'this address'}:
              </p>
              <SigningSteps coin={watch('coin')} />
              <p className="text-xs text-slate-600">
                The text names today's date (UTC): sign and register it today.
              </p>
            </div>
            <TextAreaField
              label="Signature"
              rows={3}
              spellCheck={false}
              className="[&_textarea]:font-mono [&_textarea]:text-xs"
              error={errors.signature?.message}
              {...register('signature')}
            />
            <FormError message={errors.root?.message} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={registerReserve.isPending}>
                {registerReserve.isPending ? 'Registering…' : 'Register'}
              </Button>
              <Button variant="ghost" onClick={forgetChallenge} disabled={registerReserve.isPending}>
                Change the address
              </Button>
            </div>
          </div>
        )}
      </form>
    </CardSection>
  );
}
