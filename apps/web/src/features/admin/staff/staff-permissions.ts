import { useQuery } from '@tanstack/react-query';
import { permissionsOf, type RoutePermission } from '@vestora/shared';
import { myStaffRolesRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';

/**
 * What the signed-in staff member may do, from their roles and the shared role table (the one the
 * server checks each route against): the console shows only that. Comfort, not security: the
 * server refuses the rest anyway.
 */
export function useStaffPermissions() {
  const { data: permissions } = useQuery({
    queryKey: queryKeyOf(myStaffRolesRoute),
    queryFn: ({ signal }) => callApi(myStaffRolesRoute, { signal }),
    select: ({ data }) => permissionsOf(data.roles),
    staleTime: 60_000,
  });
  return {
    isKnown: permissions !== undefined,
    can: (permission: RoutePermission) => permission === 'any' || (permissions?.has(permission) ?? false),
  };
}
