import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { TRANSACTION_STATUSES } from './transaction-kinds.ts';
import {
  SORT_ORDERS,
  type SortOrder,
  USER_SEARCH_MAX_LENGTH,
  USER_SORT_FIELDS,
  type UserSortField,
} from './user-search.ts';

/** The newest deposits a user record carries, so the overview can show what awaits approval. */
export const UserDepositSchema = z.object({
  _id: z.string(),
  mode: z.string(),
  amount: z.number(),
  status: z.enum(TRANSACTION_STATUSES),
  createdAt: z.string(),
});

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
  /** Whether the owner opened the link sent to `email`; until then the account cannot withdraw. */
  isEmailConfirmed: z.boolean(),
  createdAt: z.string(),
  /**
   * Where the person's picture is served (`/api/files/{id}`, after PUBLIC_URL when it is set; owner and
   * admins only), or null.
   */
  avatar: z.string().nullable(),
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

/** Newest and richest first; names read A to Z. */
const DEFAULT_ORDER: Record<UserSortField, SortOrder> = {
  createdAt: 'desc',
  balance: 'desc',
  fullName: 'asc',
  userName: 'asc',
};

/** The admin user list: one page, optionally searched (name, e-mail, user name) and sorted. */
export const AdminUsersQuerySchema = PageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(USER_SEARCH_MAX_LENGTH, { message: MESSAGES.userSearchTooLong })
    .refine((text) => !/\p{Cc}/u.test(text), { message: MESSAGES.userSearchCharacters })
    .optional(),
  sort: z.enum(USER_SORT_FIELDS, { message: MESSAGES.userSortField }).default('createdAt'),
  order: z.enum(SORT_ORDERS, { message: MESSAGES.userSortOrder }).optional(),
}).transform(({ q, sort, order, ...page }) => ({
  ...page,
  q: q || undefined,
  sort,
  order: order ?? DEFAULT_ORDER[sort],
}));
export type AdminUsersQuery = z.output<typeof AdminUsersQuerySchema>;

/** A page of the admin user list, as `GET /api/user/getallusers` answers it. */
export const AdminUsersPageSchema = z.object({
  data: z.array(AdminUserRowSchema),
  message: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
