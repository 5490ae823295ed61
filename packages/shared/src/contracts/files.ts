import { z } from 'zod';
import { defineRoute, idParams } from '../contract.ts';
import { MESSAGES } from '../messages.ts';

/** A signed link's parts, checked by the server against the file and the clock. */
export const FileQuerySchema = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(128).optional(),
});

export const fileRoute = defineRoute({
  method: 'GET',
  path: '/api/files/:id',
  access: 'public',
  summary:
    "A stored file: a gateway's QR image for anyone; anything else for its owner, an administrator or a signed link.",
  params: idParams(MESSAGES.fileNotFound),
  query: FileQuerySchema,
  /** The file's bytes, typed as they are stored. */
  response: z.custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array),
  produces: 'application/octet-stream',
});
