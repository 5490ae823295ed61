import { MESSAGES, ResetPasswordRequestSchema } from '@vestora/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../client/api.ts';
import { AuthCard } from '../../shell/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/field.tsx';
import { useZodForm } from '../../ui/use-zod-form.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { resetPassword } from './password-reset-api.ts';

/** Opened from the e-mailed link `/resetpass?token=…`; the same password rules as sign-up. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(ResetPasswordRequestSchema, {
    // The token comes from the link, not from a field; it is checked with the rest.
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const [error, setError] = useState<string | undefined>(token ? undefined : MESSAGES.resetTokenInvalid);
  const [isBusy, setIsBusy] = useState(false);

  const onSubmit = handleSubmit(async (request) => {
    setError(undefined);
    setIsBusy(true);
    try {
      const { message } = await resetPassword(request);
      toast.success(message);
      await navigate('/signin', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
      setIsBusy(false);
    }
  });

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Once it is saved, you are signed out everywhere and can sign in with it."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <NewPasswordFields
          label="New Password"
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          error={errors.password?.message}
          autoFocus
        />
        <FormError message={error ?? errors.token?.message} />
        {(error ?? errors.token?.message) === MESSAGES.resetTokenInvalid && (
          <Link to="/forgetpass" className="block text-sm font-medium text-brand-700 hover:underline">
            Ask for a new link
          </Link>
        )}
        <Button type="submit" disabled={isBusy || !token} className="w-full">
          {isBusy ? 'Saving...' : 'Save new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
