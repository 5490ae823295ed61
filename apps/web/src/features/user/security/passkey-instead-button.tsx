import { Button } from '../../../ui/button.tsx';

/**
 * The other way to prove it is you, under the password field, for a person who has a passkey: the
 * browser's prompt instead of the password and code (`useProofForm`'s `confirmWithPasskey`).
 */
export function PasskeyInsteadButton({ isBusy, onClick }: { isBusy: boolean; onClick: () => void }) {
  return (
    <Button variant="secondary" className="w-full" disabled={isBusy} onClick={onClick}>
      {isBusy ? 'Waiting for your passkey...' : 'Use a passkey instead'}
    </Button>
  );
}
