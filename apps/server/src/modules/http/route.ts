import { createHash } from 'node:crypto';
import type { BodyOf, ParamsOf, QueryOf, RouteContract } from '@vestora/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  onRequestHookHandler,
} from 'fastify';
import { z } from 'zod';
import { readFormOrJson } from '../../lib/multipart.ts';
import type { Transaction } from '../../lib/transaction.ts';
import { parseWith } from '../../lib/validation.ts';
import { actorOf, requireAdmin, requirePermission, requireUser } from '../auth/auth.guard.ts';
import { withIdempotency } from '../idempotency/idempotency.service.ts';
import { idempotencyKeyOf } from '../idempotency/idempotency-key.ts';
import type { Actor } from '../sessions/actor.ts';
import { assertRecentlyReauthenticated } from '../staff/quorum.service.ts';

export interface RouteInput<Contract extends RouteContract> {
  params: ParamsOf<Contract>;
  query: QueryOf<Contract>;
  /** The JSON body, or a form's fields, parsed by the contract's schema. */
  body: Contract['form'] extends { fields: z.ZodType }
    ? z.output<Contract['form']['fields']>
    : BodyOf<Contract>;
  /** A form's file, when the contract takes one and the client sent it. */
  file: Buffer | undefined;
  actor: Contract['access'] extends 'public' ? Actor | null : Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** An idempotent route's work runs in the transaction that claims its key. */
export type RouteHandler<Contract extends RouteContract> = (
  input: RouteInput<Contract> & (Contract['idempotent'] extends true ? { tx: Transaction } : unknown),
) => Promise<z.input<Contract['response']>>;

interface UntypedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  file: Buffer | undefined;
  actor: Actor | null;
  request: FastifyRequest;
  reply: FastifyReply;
  tx?: Transaction;
}

export interface RouteOptions {
  /** Hooks that run after the access check (throttles), before the body is read. */
  onRequest?: onRequestHookHandler[];
  /**
   * Replaces the check of `contract.access` with one that makes the same check and sets
   * `request.actor`, and reads more in the same query (the profile read: issue 16).
   */
  accessCheck?: onRequestHookHandler;
}

const ACCESS_GUARDS = {
  public: [],
  user: [requireUser],
  admin: [requireAdmin],
} satisfies Record<RouteContract['access'], onRequestHookHandler[]>;

/** onRequest hook of a route that moves money or power: sudo mode, before the body is read. */
async function requireRecentReauthentication(request: FastifyRequest): Promise<void> {
  await assertRecentlyReauthenticated(request.server.db, request.server.config, actorOf(request));
}

/**
 * Registers a route from its contract: the access check runs first, the params, query and body are
 * parsed by their schemas before the handler (a malformed path id names nothing: 404), the answer
 * is serialised through the response schema, and an idempotent route replays its first answer.
 */
export function route<const Contract extends RouteContract>(
  app: FastifyInstance,
  contract: Contract,
  handler: RouteHandler<Contract>,
  options: RouteOptions = {},
): void {
  // What the OpenAPI document describes.
  app.contracts.push(contract);
  const successStatus = contract.status ?? 200;
  // The contract's types were checked where the handler was written; here the input is assembled.
  const run = handler as unknown as (input: UntypedInput) => Promise<unknown>;
  app.route({
    method: contract.method,
    url: contract.path,
    onRequest: [
      ...(options.accessCheck ? [options.accessCheck] : ACCESS_GUARDS[contract.access]),
      ...(contract.access === 'admin' && contract.permission !== 'any'
        ? [requirePermission(contract.permission)]
        : []),
      ...(contract.isReauthRequired ? [requireRecentReauthentication] : []),
      ...(options.onRequest ?? []),
    ],
    validatorCompiler,
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.produces ? {} : { response: { [successStatus]: responseJsonSchema(contract.response) } }),
    },
    handler: async (request, reply) => {
      const { body, file } = contract.form
        ? await readForm(request, contract.form)
        : { body: request.body, file: undefined };
      const input: UntypedInput = {
        params: request.params,
        query: request.query,
        body,
        file,
        actor: contract.access === 'public' ? request.actor : actorOf(request),
        request,
        reply,
      };
      reply.code(successStatus);
      if (!contract.idempotent) return run(input);

      const { status, body: answer } = await withIdempotency(
        { db: app.db, clock: app.clock, retentionMs: app.config.retention.idempotencyKeysMs },
        {
          userId: actorOf(request).user.id,
          key: idempotencyKeyOf(request),
          fingerprint: {
            route: `${contract.method} ${contract.path}`,
            params: request.params,
            body: withoutPasskeyProof(body),
            file: file ? createHash('sha256').update(file).digest('hex') : null,
          },
        },
        async (tx) => ({
          status: successStatus,
          body: await run({ ...input, tx }),
        }),
      );
      return reply.code(status).send(answer);
    },
  });
}

async function readForm(request: FastifyRequest, form: NonNullable<RouteContract['form']>) {
  const { fields, file } = await readFormOrJson(request, form.file);
  return { body: parseWith(form.fields, fields), file };
}

/**
 * Input is parsed by the contract's zod schemas, the first problem becoming the 400 message (a
 * path parameter that does not parse names nothing: 404).
 */
const validatorCompiler: FastifySchemaCompiler<unknown> =
  ({ schema, httpPart }) =>
  (data) => {
    try {
      return {
        value: parseWith(schema as z.ZodType, data, httpPart === 'params' ? 'NOT_FOUND' : 'BAD_REQUEST'),
      };
    } catch (error) {
      return { error: error as Error };
    }
  };

/**
 * Answers are written by Fastify's compiled serialiser from the response schema, so a field the
 * contract does not name never leaves, at the speed of a hand-written JSON schema.
 */
function responseJsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
}

/**
 * What a request asks for, without the passkey's answer that confirms it: a retry after a lost
 * answer carries a fresh one (each works once), and is still the same request.
 */
function withoutPasskeyProof(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('passkey' in body)) return body;
  const { passkey: _proof, ...request } = body;
  return request;
}
