import { MESSAGES, SignupFormSchema } from '@vestora/shared';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../client/api.ts';
import { AuthCard } from '../../shell/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError, TextField } from '../../ui/field.tsx';
import { useZodForm } from '../../ui/use-zod-form.ts';
import { signUp } from './auth-api.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import type { ReviewPageState } from './review-page.tsx';

const ERROR_TOAST_MS = 3000;

export function SignUpPage() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(SignupFormSchema, {
    defaultValues: {
      fullName: '',
      email: '',
      userName: '',
      password: '',
      confirmPassword: '',
      acceptsPrivacyPolicy: false,
    },
    // Specification section 8: sign-up's problems show as a 3-second error toast.
    isFirstProblemToasted: true,
    problemToastMs: ERROR_TOAST_MS,
  });
  const privacyErrorId = useId();
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const fail = (message: string) => {
    setError(message);
    toast.error(message, { duration: ERROR_TOAST_MS });
  };

  const onSubmit = handleSubmit(async (form) => {
    setError(undefined);
    setIsBusy(true);
    const loading = toast.loading('Please wait...');
    try {
      const { acceptsPrivacyPolicy: _accepted, ...request } = form;
      await signUp(request);
      toast.success(MESSAGES.signupSuccess, { id: loading });
      await navigate('/review', { state: { justRegistered: true } satisfies ReviewPageState });
    } catch (failure) {
      toast.dismiss(loading);
      fail(failure instanceof ApiError ? failure.message : MESSAGES.signupFailed);
      setIsBusy(false);
    }
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle="It takes a minute. An administrator reviews every new account."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <TextField
          label="Full Name"
          autoComplete="name"
          placeholder="First and last name"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Username"
          autoComplete="username"
          error={errors.userName?.message}
          {...register('userName')}
        />
        <NewPasswordFields
          label="Password"
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          error={errors.password?.message}
          confirmError={errors.confirmPassword?.message}
        />
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-brand-700"
            aria-invalid={errors.acceptsPrivacyPolicy ? true : undefined}
            aria-describedby={errors.acceptsPrivacyPolicy ? privacyErrorId : undefined}
            {...register('acceptsPrivacyPolicy')}
          />
          <span>
            I have read and accept the{' '}
            <Link to="/policy" className="font-medium text-brand-700 hover:underline">
              Privacy &amp; Policy
            </Link>
          </span>
        </label>
        {errors.acceptsPrivacyPolicy && (
          <p id={privacyErrorId} role="alert" className="-mt-2 text-sm text-red-700">
            {errors.acceptsPrivacyPolicy.message}
          </p>
        )}
        <FormError message={error} />
        <Button type="submit" disabled={isBusy} className="w-full">
          {isBusy ? 'LOADING...' : 'CREATE ACCOUNT'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link to="/signin" className="font-medium text-brand-700 hover:underline">
            Login
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
