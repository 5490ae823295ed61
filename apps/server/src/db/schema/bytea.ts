import { customType } from 'drizzle-orm/pg-core';

/** Binary data, read and written as a Buffer. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
