import { z } from 'zod';

/** The newest deposits a user record carries, so the overview can show what awaits approval. */
export const UserDepositSchema = z.object({
  _id: z.string(),
  mode: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.string(),
});
export type UserDeposit = z.infer<typeof UserDepositSchema>;

/** The signed-in user record of specification section 3 (`totaInterest` spelled as it is there). */
export const TradeUserSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string(),
  deposits: z.array(UserDepositSchema),
  accountBalance: z.number(),
  totalProfit: z.number(),
  totalDeposit: z.number(),
  totalWithdrawn: z.number(),
  totaInterest: z.number(),
  isAdmin: z.boolean(),
  suspended: z.boolean(),
  status: z.enum(['active', 'deleted']),
  login: z.string().nullable(),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type TradeUser = z.infer<typeof TradeUserSchema>;

/** Admin user rows carry the balance under both names the specification's screens read. */
export const AdminUserRowSchema = TradeUserSchema.extend({ acctBalance: z.number() });
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

export const LoginResponseSchema = z.object({
  data: TradeUserSchema,
  token: z.string(),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const UserIdParamsSchema = z.object({
  id: z.uuid({ message: 'User not found.' }),
});
