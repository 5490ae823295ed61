import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form checked by a shared zod schema: the schema's issues land on the fields
 * they name (which then mark themselves invalid), and after the first submission each edit checks
 * again, so an error goes away as soon as the value is fixed.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) {
  return useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
}
