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
  try {
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
  } catch (error) {
    throw isClientError(error) ? error : new AppError('BAD_REQUEST', MESSAGES.multipartMalformed);
  }
  return { fields, file };
}

/**
 * Our own refusals and the multipart plugin's limits (413 too large, too many parts) keep their
 * answer; anything else the parser throws means the body itself was broken: cut short, without a
 * boundary, or not multipart at all.
 */
function isClientError(error: unknown): boolean {
  if (error instanceof AppError) return true;
  const status = error && typeof error === 'object' && 'statusCode' in error ? error.statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}
