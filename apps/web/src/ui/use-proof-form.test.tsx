import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PASSKEY_MESSAGES, type PasskeyAssertion } from '@vestora/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../client/api.ts';
import { confirmWithPasskey, PasskeyPromptError } from '../client/passkeys.ts';
import { FormError } from './field.tsx';
import { useProofForm } from './use-proof-form.ts';

vi.mock('../client/passkeys.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/passkeys.ts')>()),
  confirmWithPasskey: vi.fn(),
}));

const ProofSchema = z.object({ password: z.string().min(1, 'Enter your current password.') });
const ASSERTION = { challengeId: 'challenge', response: {} } as unknown as PasskeyAssertion;

function ProofDialog({ send }: { send: (proof: { passkey: PasskeyAssertion }) => Promise<unknown> }) {
  const {
    error,
    confirmWithPasskey: confirm,
    isConfirmingWithPasskey,
  } = useProofForm(ProofSchema, { password: '' }, () => {});
  return (
    <form>
      <button type="button" disabled={isConfirmingWithPasskey} onClick={() => void confirm(send)}>
        Use a passkey instead
      </button>
      <FormError message={error} />
    </form>
  );
}

afterEach(() => {
  cleanup();
  vi.mocked(confirmWithPasskey).mockReset();
});

describe('useProofForm with a passkey', () => {
  it('asks for a reauthenticate challenge and sends the answer instead of the password', async () => {
    vi.mocked(confirmWithPasskey).mockResolvedValue(ASSERTION);
    const send = vi.fn().mockResolvedValue(undefined);
    render(<ProofDialog send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey instead' }));

    await waitFor(() => expect(send).toHaveBeenCalledWith({ passkey: ASSERTION }));
    expect(confirmWithPasskey).toHaveBeenCalledWith({ purpose: 'reauthenticate' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a closed prompt in words and sends nothing', async () => {
    vi.mocked(confirmWithPasskey).mockRejectedValue(new PasskeyPromptError(PASSKEY_MESSAGES.cancelled));
    const send = vi.fn();
    render(<ProofDialog send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey instead' }));

    expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_MESSAGES.cancelled);
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Use a passkey instead' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it("shows the server's refusal of the passkey where the password's would show", async () => {
    vi.mocked(confirmWithPasskey).mockResolvedValue(ASSERTION);
    const send = vi.fn().mockRejectedValue(new ApiError(PASSKEY_MESSAGES.confirmationExpired, 400));
    render(<ProofDialog send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey instead' }));

    expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_MESSAGES.confirmationExpired);
  });
});
