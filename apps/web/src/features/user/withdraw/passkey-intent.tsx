import {
  formatUsd,
  PASSKEY_MESSAGES,
  type PasskeyAssertion,
  type PasskeyChallenge,
  type PasskeyChallengeRequest,
  type PasskeyIntent,
} from '@vestora/shared';
import { passkeyChallengeRoute } from '@vestora/shared/routes';
import { type ReactNode, useState } from 'react';
import { callApi, errorMessage } from '../../../client/api.ts';
import { answerPasskeyChallenge, isPasskeySupported, PasskeyPromptError } from '../../../client/passkeys.ts';
import { Button } from '../../../ui/button.tsx';
import { DialogActions } from '../../../ui/dialog.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { COIN_NAMES, formatDateTime } from '../format.ts';

/** A challenge the server bound to one request, and what it committed to. */
interface BoundChallenge {
  request: PasskeyChallengeRequest;
  challenge: PasskeyChallenge;
  intent: PasskeyIntent;
}

/** A challenge this close to its end is renewed before the prompt: clocks differ and people are slow. */
const EXPIRY_MARGIN_MS = 20_000;

async function challengeFor(request: PasskeyChallengeRequest): Promise<BoundChallenge> {
  const { data } = await callApi(passkeyChallengeRoute, { body: request });
  const { intent, ...challenge } = data;
  return { request, challenge, intent };
}

/**
 * A withdrawal or a new address confirmed by a passkey, in two steps. `prepare` gets a challenge
 * bound to exactly that request; the server checks the request as the act will, so its refusal is
 * thrown to the caller, which shows it as it shows the act's. The dialog then shows what the
 * challenge commits to (`intent`), and only the person's click on it opens the browser's prompt
 * (`sign`): they read what they sign first, and browsers that want a gesture for the prompt get one.
 * A closed prompt stays in the dialog as `problem`, and nothing is sent.
 */
export function usePasskeyIntent() {
  const [bound, setBound] = useState<BoundChallenge | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [isSigning, setIsSigning] = useState(false);

  const prepare = async (request: PasskeyChallengeRequest) => {
    const next = await challengeFor(request);
    setProblem(undefined);
    setBound(next);
  };

  /** The passkey's answer, or null when the prompt was closed or failed (then `problem` says why). */
  const sign = async (): Promise<PasskeyAssertion | null> => {
    if (!bound) return null;
    setIsSigning(true);
    setProblem(undefined);
    try {
      let current = bound;
      if (Date.parse(current.intent.expiresAt) - Date.now() < EXPIRY_MARGIN_MS) {
        current = await challengeFor(current.request);
        setBound(current);
      }
      return await answerPasskeyChallenge(current.challenge);
    } catch (failure) {
      setProblem(
        failure instanceof PasskeyPromptError
          ? `${failure.message} ${PASSKEY_MESSAGES.nothingSent}`
          : errorMessage(failure),
      );
      return null;
    } finally {
      setIsSigning(false);
    }
  };

  const dismiss = () => {
    setBound(null);
    setProblem(undefined);
  };

  return { intent: bound?.intent ?? null, problem, isSigning, prepare, sign, dismiss };
}

function IntentLine({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 px-4 py-2.5 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-slate-600 sm:w-24">{term}</dt>
      <dd className="min-w-0 font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * What the passkey signs, as the server bound it (not as the form had it): the amount, the coin and
 * the address, until the expiry. The label is shown only to recognise the address by.
 */
function PasskeyIntentDetails({ intent }: { intent: PasskeyIntent }) {
  return (
    <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
      {intent.amountCents !== undefined && (
        <IntentLine term="Amount">
          <span className="tabular-nums">{formatUsd(BigInt(intent.amountCents))}</span>
        </IntentLine>
      )}
      {intent.coin && <IntentLine term="Coin">{COIN_NAMES[intent.coin]}</IntentLine>}
      {intent.label && (
        <IntentLine term="Label">
          <span className="break-words">{intent.label}</span>
        </IntentLine>
      )}
      {intent.address && (
        <IntentLine term="Address">
          <span className="break-all font-mono">{intent.address}</span>
        </IntentLine>
      )}
      <IntentLine term="Expires">{formatDateTime(intent.expiresAt)}</IntentLine>
    </dl>
  );
}

/**
 * The body of a passkey confirmation: what is signed, why the last attempt failed, and the buttons.
 * The buttons rest while the prompt is open (`isSigning`) and while the request is sent after it
 * (`isSending`, which the button names with `sendingLabel`).
 */
export function PasskeyIntentPanel({
  intent,
  problem,
  isSigning,
  isSending,
  sendingLabel,
  cancelLabel = 'Cancel',
  onCancel,
  onConfirm,
}: {
  intent: PasskeyIntent;
  problem: string | undefined;
  isSigning: boolean;
  isSending: boolean;
  sendingLabel: string;
  cancelLabel?: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const isSupported = isPasskeySupported();
  const isBusy = isSigning || isSending;
  return (
    <div className="space-y-4">
      <PasskeyIntentDetails intent={intent} />
      {!isSupported && (
        <Notice tone="error" role="alert">
          {PASSKEY_MESSAGES.unsupported}
        </Notice>
      )}
      {problem && (
        <Notice tone="error" role="alert">
          {problem}
        </Notice>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} disabled={isBusy || !isSupported}>
          {isSending ? sendingLabel : isSigning ? 'Waiting for your passkey...' : 'Confirm with passkey'}
        </Button>
      </DialogActions>
    </div>
  );
}
