import type { RouteRef } from '../contract.ts';
import type * as files from '../contracts/files.ts';

export const fileRoute: RouteRef<typeof files.fileRoute> = {
  method: 'GET',
  path: '/api/files/:id',
};
