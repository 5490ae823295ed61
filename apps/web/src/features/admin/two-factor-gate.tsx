import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@vestora/shared';
import { twoFactorStatusRoute } from '@vestora/shared/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { callApi, queryKeyOf } from '../../client/api.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';

/**
 * Staff must sign in with a second factor (REQUIRE_ADMIN_2FA, on by default): until they turn it
 * on, the console says so and where, instead of every page showing the server's refusal. The
 * answer is cached with the security page's, which turning it on refreshes.
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const { data: status } = useQuery({
    queryKey: queryKeyOf(twoFactorStatusRoute),
    queryFn: ({ signal }) => callApi(twoFactorStatusRoute, { signal }),
    select: ({ data }) => data,
  });
  if (!status?.isRequiredForAdmins || status.isEnabled) return children;
  return (
    <Notice tone="warning" role="status" className="mx-auto max-w-xl space-y-3">
      <h1 className="text-base font-semibold text-amber-950">Two-factor sign-in comes first</h1>
      <p>{MESSAGES.twoFactorRequiredForAdmins}</p>
      <p>
        With a password alone, anyone who learns it could approve payouts and change where depositors pay. An
        authenticator app on your phone closes that door.
      </p>
      <Link to="/user/security" className={buttonClass('primary', 'inline-flex')}>
        Turn on two-factor sign-in
      </Link>
    </Notice>
  );
}
