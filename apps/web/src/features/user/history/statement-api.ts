import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf, ContractOf, StatementQuery } from '@vestora/shared';
import { closeAccountRoute, userStatementRoute } from '@vestora/shared/routes';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { callApi, downloadFile } from '../../../client/api.ts';
import { clearSession } from '../../../client/session.ts';

/** Downloads the signed-in user's statement as a CSV file. */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: (query: StatementQuery) => downloadFile(userStatementRoute, { query }),
    onSuccess: () => toast.success('Statement downloaded.'),
  });
}

/**
 * Closes the account. The server has ended every session, so this one is forgotten here too and
 * the person lands on the sign-in page, told what happened.
 */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: BodyInputOf<ContractOf<typeof closeAccountRoute>>) =>
      callApi(closeAccountRoute, { body }),
    onSuccess: async ({ message }) => {
      toast.success(message);
      clearSession();
      queryClient.clear();
      await navigate('/signin', { replace: true });
    },
  });
}
