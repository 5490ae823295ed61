import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setReauthPrompt } from '../../../client/api.ts';

// Loaded only when an act asks for the password: its form code stays out of the console's first page.
const ReauthDialog = lazy(async () => ({ default: (await import('./reauth-prompt.tsx')).ReauthDialog }));

/**
 * The console's sudo prompt: when the server answers that an act needs the password again, the
 * dialog asks for it, and the act is sent once more once it is confirmed.
 */
export function ReauthPromptHost() {
  const settle = useRef<((isConfirmed: boolean) => void) | null>(null);
  const [isAsking, setIsAsking] = useState(false);

  useEffect(() => {
    setReauthPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current?.(false);
          settle.current = resolve;
          setIsAsking(true);
        }),
    );
    return () => setReauthPrompt(null);
  }, []);

  const finish = (isConfirmed: boolean) => {
    settle.current?.(isConfirmed);
    settle.current = null;
    setIsAsking(false);
  };

  if (!isAsking) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog onDone={finish} />
    </Suspense>
  );
}
