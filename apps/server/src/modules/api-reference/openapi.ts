import {
  ErrorResponseSchema,
  type RouteContract,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PAYLOAD_SCHEMAS,
  webhookEnvelopeSchema,
} from '@vestora/shared';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Request parts are described as a client writes them, answers as the server sends them. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchemaOf(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.includes(name),
    schema: property,
  }));
}

function requestBodyOf(contract: RouteContract) {
  if (contract.form) {
    const fields = jsonSchemaOf(contract.form.fields, 'input') as { properties?: JsonSchema };
    const formSchema = {
      type: 'object',
      properties: {
        ...fields.properties,
        [contract.form.file]: { type: 'string', format: 'binary' },
      },
    };
    return {
      content: {
        'multipart/form-data': { schema: formSchema },
        'application/json': { schema: jsonSchemaOf(contract.form.fields, 'input') },
      },
    };
  }
  if (!contract.body) return undefined;
  return {
    // The server reads an absent body as `{}` (lib/validation.ts): a body whose every field is
    // optional may be left out, as the specification's decline does.
    required: !contract.body.safeParse({}).success,
    content: { 'application/json': { schema: jsonSchemaOf(contract.body, 'input') } },
  };
}

function operationOf(contract: RouteContract, { idempotencyHours }: { idempotencyHours: number }) {
  const status = String(contract.status ?? 200);
  const success = contract.produces
    ? { description: contract.summary, content: { [contract.produces]: {} } }
    : {
        description: contract.summary,
        content: { 'application/json': { schema: jsonSchemaOf(contract.response, 'output') } },
      };
  const errors = {
    description: 'Refused, with a message for people.',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  const idempotencyKey = {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: `The same key replays the first answer instead of running the request again, for ${idempotencyHours} hours after its first use.`,
    schema: { type: 'string', maxLength: 255 },
  };
  return {
    summary: contract.summary,
    tags: [contract.access === 'admin' ? 'admin' : (contract.path.split('/')[2] ?? 'api')],
    ...(contract.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    // The staff permission the route needs (`any`: every staff member), and whether it asks for
    // a recent password confirmation (sudo mode).
    ...(contract.access === 'admin' ? { 'x-permission': contract.permission } : {}),
    ...(contract.isReauthRequired ? { 'x-reauth-required': true } : {}),
    parameters: [
      ...parametersOf(contract.params, 'path'),
      ...parametersOf(contract.query, 'query'),
      ...(contract.idempotent ? [idempotencyKey] : []),
    ],
    ...(requestBodyOf(contract) ? { requestBody: requestBodyOf(contract) } : {}),
    responses: { [status]: success, '4XX': errors },
  };
}

/** The Standard Webhooks headers every delivery carries. */
const WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    description:
      "The event's id: the same on every retry and redelivery of it, so a receiver can drop one it has already processed.",
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    description:
      'When this attempt was sent, in seconds since 1970 (UTC). Refuse one far from your clock: it may be replayed.',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  {
    name: 'webhook-signature',
    description:
      "Space-separated `v1,<signature>` entries, one per secret in force (two while a rotated secret overlaps): the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the endpoint's secret after `whsec_`. Accept the delivery when one entry matches, compared in constant time.",
    schema: { type: 'string' },
  },
].map((header) => ({ ...header, in: 'header', required: true }));

/** Each event type as a delivery: a signed POST of `{ type, timestamp, data }` to a registered endpoint. */
function webhooksOf() {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: WEBHOOK_EVENT_LABELS[type],
          tags: ['webhooks'],
          parameters: WEBHOOK_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: jsonSchemaOf(webhookEnvelopeSchema(type, WEBHOOK_PAYLOAD_SCHEMAS[type]), 'output'),
              },
            },
          },
          responses: {
            '2XX': { description: 'Received. Any other answer, or none in time, is retried with backoff.' },
          },
        },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document of every route registered from a contract, and of the webhooks. */
export function openApiDocument(
  contracts: readonly RouteContract[],
  { title, idempotencyHours }: { title: string; idempotencyHours: number },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const contract of contracts) {
    const path = contract.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = {
      ...paths[path],
      [contract.method.toLowerCase()]: operationOf(contract, { idempotencyHours }),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: `${title} API`, version: '1' },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            "`Authorization: Bearer <token>`, where the token is either a session token (from signing in) or a staff API key (`vst_…`, created in the console under API keys). A key acts as its owner on the admin routes (`/api/admin/…`) only, with the key's permissions that its owner still holds, within API_KEY_RATE_LIMIT_PER_MINUTE requests a minute; it is refused on an account's own routes and on every route marked `x-reauth-required`, and it never approves.",
        },
      },
      schemas: { Error: jsonSchemaOf(ErrorResponseSchema, 'output') },
    },
    paths,
    webhooks: webhooksOf(),
  };
}
