import { z } from 'zod';
import type { StaffPermission } from './staff.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a route: anyone, a signed-in user, or an administrator with admin powers. */
export type RouteAccess = 'public' | 'user' | 'admin';

/**
 * What a staff member must hold to call an admin route: a permission of the role table
 * (`staff.ts`), or `any` for what every staff member reads or does for themselves (the console's
 * banners, the approvals inbox, whose approvals the service checks by kind, the sudo prompt).
 */
export type RoutePermission = StaffPermission | 'any';

/** A public or user route names no permission; an admin route must name one. */
type RouteAccessRule =
  | { access: 'public' | 'user'; permission?: never }
  | { access: 'admin'; permission: RoutePermission };

/**
 * One route of the API, declared once: the server registers and validates from it, the web client
 * builds its URLs and types from it, and the OpenAPI document is generated from it.
 */
export type RouteContract = RouteAccessRule & {
  method: HttpMethod;
  /** The full path in Fastify's syntax, `:name` for a path parameter. */
  path: string;
  /** One line for the API reference. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body, validated before the handler runs. */
  body?: z.ZodType;
  /**
   * The fields of a multipart form (with one optional file, `file`), read and validated by the
   * handler because the file is streamed; JSON with the same fields is accepted as well.
   */
  form?: { fields: z.ZodType; file: string };
  response: z.ZodType;
  /** The status of success; 200 when left out. */
  status?: 200 | 201;
  /** A response that is not JSON (a file, a CSV), described for the reference only. */
  produces?: string;
  /** Moves money or creates something: the route honours `Idempotency-Key`. */
  idempotent?: boolean;
  /**
   * Moves money or power: the staff member must have confirmed their password on this session
   * within STAFF_REAUTH_MINUTES (sudo mode), else 403 with `reauthRequired`.
   */
  isReauthRequired?: boolean;
};

export function defineRoute<const Contract extends RouteContract>(contract: Contract): Contract {
  return contract;
}

/**
 * A route's method and path alone, typed by its contract. Pages of the first download call their
 * routes through one, so the schemas (and zod) stay out of the JavaScript a visitor loads first;
 * the compiler checks the method and path against the contract.
 */
export type RouteRef<Contract extends RouteContract> = Pick<Contract, 'method' | 'path'> & {
  /** Never set: carries the contract's type. */
  readonly contract?: Contract;
};

/** The contract a route reference stands for, to type a call's parts (`BodyInputOf<ContractOf<…>>`). */
export type ContractOf<Ref extends RouteRef<RouteContract>> = NonNullable<Ref['contract']>;

type OutputOf<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;
type InputOf<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;

/** What the server's handler receives, parsed. */
export type ParamsOf<Contract extends RouteContract> = OutputOf<Contract['params']>;
export type QueryOf<Contract extends RouteContract> = OutputOf<Contract['query']>;
export type BodyOf<Contract extends RouteContract> = OutputOf<Contract['body']>;
/** What a client sends, before defaults and transforms. */
export type ParamsInputOf<Contract extends RouteContract> = InputOf<Contract['params']>;
export type QueryInputOf<Contract extends RouteContract> = InputOf<Contract['query']>;
/** Taken contract by contract, so a call of one of several routes may send any of their bodies. */
export type BodyInputOf<Contract extends RouteContract> = Contract extends RouteContract
  ? InputOf<Contract['body'] extends z.ZodType ? Contract['body'] : NonNullable<Contract['form']>['fields']>
  : never;
/** The success response: what the handler returns and what a client receives. */
export type ResponseOf<Contract extends RouteContract> = z.output<Contract['response']>;

/** Every error answer of the API. */
export const ErrorResponseSchema = z.object({ message: z.string(), error: z.string() });

/** A bare confirmation, the answer of most actions. */
export const MessageResponseSchema = z.object({ message: z.string() });

/**
 * A path's `:id`: a UUID in its canonical lower case, so services can compare ids as text. A
 * malformed id names nothing, so the route answers 404 with `notFoundMessage`.
 */
export function idParams(notFoundMessage: string) {
  return z.object({
    id: z.uuid(notFoundMessage).transform((id) => id.toLowerCase()),
  });
}

/** The answer of every paged list. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    data: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}
