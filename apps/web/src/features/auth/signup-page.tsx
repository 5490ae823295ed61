import { firstSignupProblem, MESSAGES } from '@vestora/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../client/api.ts';
import { AuthCard } from '../../shell/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError, TextField } from '../../ui/field.tsx';
import { signUp } from './auth-api.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import type { ReviewPageState } from './review-page.tsx';

const ERROR_TOAST_MS = 3000;

interface SignUpForm {
  fullName: string;
  email: string;
  userName: string;
  password: string;
  confirmPassword: string;
  acceptsPrivacyPolicy: boolean;
}

function firstProblem({ acceptsPrivacyPolicy, ...fields }: SignUpForm): string | null {
  const trimmed = {
    ...fields,
    fullName: fields.fullName.trim(),
    email: fields.email.trim(),
    userName: fields.userName.trim(),
  };
  return firstSignupProblem(trimmed) ?? (acceptsPrivacyPolicy ? null : MESSAGES.signupPrivacy);
}

export function SignUpPage() {
  const navigate = useNavigate();
  const { register, handleSubmit } = useForm<SignUpForm>({
    defaultValues: {
      fullName: '',
      email: '',
      userName: '',
      password: '',
      confirmPassword: '',
      acceptsPrivacyPolicy: false,
    },
  });
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const fail = (message: string) => {
    setError(message);
    toast.error(message, { duration: ERROR_TOAST_MS });
  };

  const onSubmit = handleSubmit(async (form) => {
    const problem = firstProblem(form);
    if (problem) return fail(problem);
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
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Full Name"
          autoComplete="name"
          placeholder="First and last name"
          {...register('fullName')}
        />
        <TextField label="Email" type="email" autoComplete="email" {...register('email')} />
        <TextField label="Username" autoComplete="username" {...register('userName')} />
        <NewPasswordFields
          label="Password"
          password={register('password')}
          confirmPassword={register('confirmPassword')}
        />
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-brand-700"
            {...register('acceptsPrivacyPolicy')}
          />
          <span>
            I have read and accept the{' '}
            <Link to="/policy" className="font-medium text-brand-700 hover:underline">
              Privacy &amp; Policy
            </Link>
          </span>
        </label>
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
