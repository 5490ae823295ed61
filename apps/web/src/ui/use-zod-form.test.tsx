import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from './field.tsx';
import { useZodForm } from './use-zod-form.ts';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn() } }));

const ContactSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name.'),
  email: z.string().trim().email('Enter a valid e-mail address.'),
});

function ContactForm({ isFirstProblemToasted = false, onValid = () => {} }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(ContactSchema, { defaultValues: { name: '', email: '' }, isFirstProblemToasted });
  return (
    <form onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate>
      <TextField label="Name" error={errors.name?.message} {...register('name')} />
      <TextField label="Email" error={errors.email?.message} {...register('email')} />
      <button type="submit">Send</button>
    </form>
  );
}

afterEach(() => {
  cleanup();
  vi.mocked(toast.error).mockClear();
});

describe('useZodForm', () => {
  it('marks each refused field invalid, described by its error, and clears it once the value is fixed', async () => {
    const onValid = vi.fn();
    render(<ContactForm onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const nameError = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(nameError?.textContent).toBe('Enter your name.');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a valid e-mail address.',
    );
    expect(onValid).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Ada Lovelace' } });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull());
    expect(name.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText('Enter your name.')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it('toasts the first problem in the order of the schema, one toast per form that each refusal replaces', async () => {
    render(<ContactForm isFirstProblemToasted />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error).toHaveBeenCalledWith('Enter your name.', { id: expect.any(String) });
    const firstToastId = vi.mocked(toast.error).mock.calls[0]?.[1]?.id;
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
    expect(toast.error).toHaveBeenLastCalledWith('Enter a valid e-mail address.', { id: firstToastId });
  });
});
