import { z } from 'zod';
import {
  AccountLockRequestSchema,
  ChangePasswordRequestSchema,
  ProfileDetailsSchema,
  UpdateProfileRequestSchema,
} from '../account.ts';
import { defineRoute, MessageResponseSchema } from '../contract.ts';
import { TradeUserSchema } from '../user.ts';

export const profileDetailsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/profile/details',
  access: 'user',
  summary: "The signed-in user's details beyond the user record: phone, birth date, address.",
  response: z.object({ data: ProfileDetailsSchema }),
});

export const updateProfileRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/profile',
  access: 'user',
  summary: 'Change the profile; a new e-mail needs the current password (and second factor).',
  body: UpdateProfileRequestSchema,
  response: z.object({ data: TradeUserSchema, details: ProfileDetailsSchema, message: z.string() }),
});

export const updateAvatarRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/avatar',
  access: 'user',
  summary: "Replace the signed-in user's picture (a PNG, JPEG, WebP or GIF in `image`).",
  form: { fields: z.object({}), file: 'image' },
  response: z.object({ data: TradeUserSchema, message: z.string() }),
});

export const changePasswordRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/password',
  access: 'user',
  summary: 'Change the password; every other session ends.',
  body: ChangePasswordRequestSchema,
  response: MessageResponseSchema,
});

export const lockAccountRoute = defineRoute({
  method: 'POST',
  path: '/api/user/lockAccount',
  access: 'public',
  summary: 'Lock an account from the link its previous e-mail address received when the address changed.',
  body: AccountLockRequestSchema,
  response: MessageResponseSchema,
});
