import { useMutation } from '@tanstack/react-query';
import type { BodyInputOf, ContractOf } from '@vestora/shared';
import { dataExportRoute } from '@vestora/shared/routes';
import { downloadFile } from '../../../client/api.ts';

/** Downloads the zip of everything held on the signed-in person; the body proves it is them. */
export function useDownloadOwnData() {
  return useMutation({
    mutationFn: (body: BodyInputOf<ContractOf<typeof dataExportRoute>>) =>
      downloadFile(dataExportRoute, { body }),
  });
}
