import { ForgotPasswordRequestSchema } from '@vestora/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../client/api.ts';
import { AuthCard } from '../../shell/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError, TextField } from '../../ui/field.tsx';
import { useZodForm } from '../../ui/use-zod-form.ts';
import { requestPasswordReset } from './password-reset-api.ts';

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so the
 * page cannot be used to find out who is registered.
 */
export function ForgotPasswordPage() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(ForgotPasswordRequestSchema, { defaultValues: { email: '' } });
  const [error, setError] = useState<string>();
  const [sentMessage, setSentMessage] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(undefined);
    setIsBusy(true);
    try {
      const { message } = await requestPasswordReset(email);
      setSentMessage(message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setIsBusy(false);
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail you registered with and we will send you a link to choose a new one."
    >
      {sentMessage ? (
        <div className="space-y-6">
          <p
            role="status"
            className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900"
          >
            {sentMessage}
          </p>
          <p className="text-sm text-slate-600">
            The link works once, for 30 minutes. Nothing arrived? Check your spam folder, or ask again in a
            few minutes.
          </p>
          <Link to="/signin" className="block text-center text-sm font-medium text-brand-700 hover:underline">
            Back to login
          </Link>
        </div>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            error={errors.email?.message}
            {...register('email')}
          />
          <FormError message={error} />
          <Button type="submit" disabled={isBusy} className="w-full">
            {isBusy ? 'Sending...' : 'Send reset link'}
          </Button>
          <p className="text-center text-sm text-slate-600">
            Remembered it?{' '}
            <Link to="/signin" className="font-medium text-brand-700 hover:underline">
              Back to login
            </Link>
          </p>
        </form>
      )}
    </AuthCard>
  );
}
