import { type LoginForm, LoginFormSchema, type LoginResponse, MESSAGES } from '@vestora/shared';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../client/api.ts';
import { dismissSessionEndedNote, hasSessionEndedNote, startSession } from '../../client/session.ts';
import { AuthCard } from '../../shell/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError, PasswordField, TextField } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { useIsLive } from '../../ui/use-is-live.ts';
import { useZodForm } from '../../ui/use-zod-form.ts';
import { logIn } from './auth-api.ts';

/** Specification section 9: the success toast shows for 3 s, and the page moves on after 3 s. */
const SUCCESS_TOAST_MS = 3000;
const NAVIGATION_DELAY_MS = 3000;

/** Passkeys load on first use: this page is in the first download of every area. */
const loadPasskeys = () => import('./passkey-sign-in.ts');

export function SignInPage() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useZodForm(LoginFormSchema, {
    defaultValues: { userNameOrEmail: '', password: '', rememberMe: false, code: '' },
    isFirstProblemToasted: true,
  });
  const [error, setError] = useState<string>();
  // The page is prerendered: its buttons wait for the script, as the form would otherwise be sent
  // by the browser itself, the password in the address. The note is read after the first render
  // too: the build cannot know it.
  const isLive = useIsLive();
  const [wasSessionEnded, setWasSessionEnded] = useState(false);
  useEffect(() => {
    if (!hasSessionEndedNote()) return;
    setWasSessionEnded(true);
    dismissSessionEndedNote();
  }, []);
  const [isBusy, setIsBusy] = useState(false);
  // Set once the server says this account signs in with a second factor: its passkey is asked at
  // once when it has one; the code field shows when it has none, or the passkey did not answer.
  const [secondFactor, setSecondFactor] = useState<'passkey' | 'code'>();
  const isSwitchingToCode = useRef(false);
  const navigationTimer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(navigationTimer.current), []);

  /**
   * One sign-in, by password or by passkey: the toast while it runs, then the session and the next
   * page, or the refusal. `signIn` answers undefined when the person chose the code instead.
   */
  const attempt = async (signIn: () => Promise<LoginResponse | undefined>) => {
    setError(undefined);
    setIsBusy(true);
    const loading = toast.loading('Logging in...');
    try {
      const answer = await signIn();
      if (!answer) {
        toast.dismiss(loading);
        return setIsBusy(false);
      }
      const { data, token, message } = answer;
      startSession({ token, tradeUser: data });
      toast.success(message, { id: loading, duration: SUCCESS_TOAST_MS });
      navigationTimer.current = window.setTimeout(
        () => navigate(data.isAdmin ? '/admin/testing' : '/user/overview', { replace: true }),
        NAVIGATION_DELAY_MS,
      );
    } catch (failure) {
      if (failure instanceof ApiError && failure.details.twoFactorRequired === true) setSecondFactor('code');
      const message =
        failure instanceof ApiError
          ? failure.message
          : await loadPasskeys().then(
              (passkeys) => passkeys.passkeyFailureMessage(failure),
              () => errorMessage(failure),
            );
      toast.error(message, { id: loading });
      setError(message);
      setIsBusy(false);
    }
  };

  const onSubmit = handleSubmit(({ code, ...credentials }: LoginForm) =>
    attempt(async () => {
      if (secondFactor === 'code') return logIn({ ...credentials, code });
      try {
        return await logIn(credentials);
      } catch (failure) {
        // The second factor's passkey challenge, when the account has a passkey: answered at once.
        const challenge = failure instanceof ApiError ? failure.details.passkey : undefined;
        if (!challenge) throw failure;
        setSecondFactor('passkey');
        isSwitchingToCode.current = false;
        try {
          const passkeys = await loadPasskeys();
          return await logIn({
            ...credentials,
            passkey: await passkeys.answerSecondFactor(challenge),
          });
        } catch (passkeyFailure) {
          setSecondFactor('code');
          if (isSwitchingToCode.current) return undefined;
          throw passkeyFailure;
        }
      }
    }),
  );

  const onUseCode = () => {
    isSwitchingToCode.current = true;
    void loadPasskeys().then((passkeys) => passkeys.cancelPasskeyPrompt());
  };

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to follow your balances, deposits and plans.">
      {wasSessionEnded && (
        <Notice tone="warning" role="status" className="mb-4">
          {MESSAGES.sessionEnded}
        </Notice>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <TextField
          label="Email or UserName"
          autoComplete="username"
          error={errors.userNameOrEmail?.message}
          {...register('userNameOrEmail')}
        />
        <PasswordField
          label="Password"
          toggleLabel="Show password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {secondFactor === 'passkey' && (
          <button
            type="button"
            className="text-sm font-medium text-brand-700 hover:underline"
            onClick={onUseCode}
          >
            Use an authenticator code instead
          </button>
        )}
        {secondFactor === 'code' && (
          <TextField
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="6-digit code or a recovery code"
            autoFocus
            {...register('code')}
          />
        )}
        <div className="flex items-center justify-between text-sm">
          <label className="inline-flex items-center gap-2 text-slate-700">
            <input type="checkbox" className="h-4 w-4 accent-brand-700" {...register('rememberMe')} />
            Remember me
          </label>
          <Link to="/forgetpass" className="font-medium text-brand-700 hover:underline">
            Forget Password
          </Link>
        </div>
        <FormError message={error} />
        <Button type="submit" disabled={isBusy || !isLive} className="w-full">
          {isBusy ? 'Logging in...' : 'Account Login'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          New to Vestora?{' '}
          <Link to="/signup" className="font-medium text-brand-700 hover:underline">
            Signup for free
          </Link>
        </p>
      </form>
      <Button
        variant="secondary"
        disabled={isBusy || !isLive}
        className="mt-4 w-full"
        onClick={() =>
          void attempt(async () => (await loadPasskeys()).logInWithPasskey(getValues('rememberMe')))
        }
      >
        Sign in with a passkey
      </Button>
    </AuthCard>
  );
}
