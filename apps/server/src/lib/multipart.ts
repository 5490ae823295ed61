import type { FastifyRequest } from 'fastify';

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
      if (part.fieldname === fileField && content.length > 0) file = content;
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
