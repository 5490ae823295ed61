import { MESSAGES } from '@vestora/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface MultipartBody {
  fields: Record<string, string>;
  file: Buffer | undefined;
}

/**
 * Reads a multipart form (text fields and at most one file, in `fileField`) or a JSON body, so
 * clients of either kind work. Size limits are enforced by @fastify/multipart as the bytes arrive.
 */
export async function readFormOrJson(request: FastifyRequest, fileField: string): Promise<MultipartBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields: Record<string, string> = {};
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [name, value] of Object.entries(body)) {
        if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value);
      }
    }
    return { fields, file: undefined };
  }
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (part.fieldname !== fileField) continue;
      // A form whose file input was left empty sends an unnamed, empty part: that is no file at all.
      // A named file with nothing in it is a mistake worth telling.
      if (content.length > 0) file = content;
      else if (part.filename) throw new AppError('BAD_REQUEST', MESSAGES.fileEmpty);
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
