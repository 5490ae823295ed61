import { useMutation } from '@tanstack/react-query';
import { adminUserStatementRoute } from '@vestora/shared/routes';
import toast from 'react-hot-toast';
import { downloadFile, errorMessage } from '../../../client/api.ts';

function useDownloadUserStatement() {
  return useMutation({
    mutationFn: (userId: string) => downloadFile(adminUserStatementRoute, { params: { id: userId } }),
    onSuccess: () => toast.success('Statement downloaded.'),
    onError: (failure) => toast.error(errorMessage(failure)),
  });
}

/**
 * Downloads a user's statement as CSV: every movement of their balance, for the operator's records.
 * It works for a closed account too, whose history stays.
 */
export function UserStatementButton({ userId, name }: { userId: string; name: string }) {
  const download = useDownloadUserStatement();
  return (
    <button
      type="button"
      onClick={() => download.mutate(userId)}
      disabled={download.isPending}
      aria-label={`Statement (CSV) of ${name}`}
      className="block text-[11px] font-medium text-brand-700 hover:underline disabled:text-slate-400"
    >
      Statement (CSV)
    </button>
  );
}
