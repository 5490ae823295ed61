import { WEBHOOK_EVENT_TYPES, WEBHOOK_PAYLOAD_SCHEMAS } from '@vestora/shared';
import * as routeRefs from '@vestora/shared/routes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('describes every registered API route in the OpenAPI document', async () => {
  const registered: string[] = [];
  const app = await buildApp({
    config: t.config,
    db: t.db,
    logger: false,
    onRoute: (route) => {
      const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs/assets/');
      for (const method of [route.method].flat()) {
        if (isApi && method !== 'HEAD') registered.push(`${method} ${route.url}`);
      }
    },
  });
  const response = await app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  const document = response.json();
  expect(document.openapi).toBe('3.1.0');
  const described = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  expect(described.sort()).toEqual([...new Set(registered)].sort());
  await app.close();
});

it('has a method-and-path reference for every registered contract, for the web client', () => {
  const callOf = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
  const referenced = Object.values(routeRefs).map(callOf);
  expect(referenced.sort()).toEqual(t.app.contracts.map(callOf).sort());
});

it('describes every webhook event as a signed delivery of its type, time and data', async () => {
  const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
  expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  for (const type of WEBHOOK_EVENT_TYPES) {
    const delivery = document.webhooks[type].post;
    const headers = delivery.parameters.map(
      (parameter: { name: string; in: string; required: boolean }) =>
        `${parameter.in} ${parameter.name} ${parameter.required}`,
    );
    expect(headers.sort(), type).toEqual([
      'header webhook-id true',
      'header webhook-signature true',
      'header webhook-timestamp true',
    ]);
    const body = delivery.requestBody.content['application/json'].schema;
    expect(body.required.sort(), type).toEqual(['data', 'timestamp', 'type']);
    expect(body.properties.type.const, type).toBe(type);
    expect(Object.keys(body.properties.data.properties).sort(), type).toEqual(
      Object.keys(WEBHOOK_PAYLOAD_SCHEMAS[type].shape).sort(),
    );
    expect(Object.keys(delivery.responses)).toEqual(['2XX']);
  }
});

it('serves a readable reference page from local files', async () => {
  const page = await t.app.inject({ url: '/api/docs' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '');
  const stylesheets = [...page.body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  for (const asset of [...scripts, ...stylesheets]) {
    expect(asset.startsWith('/api/docs/')).toBe(true);
    expect((await t.app.inject({ url: asset })).statusCode, asset).toBe(200);
  }
  expect((await t.app.inject({ url: '/api/docs/assets/package.json' })).statusCode).toBe(404);
});

/** Section 3 of the specification: the signed-in user's record, as `data` of the user calls. */
const USER_RECORD = [
  'userName',
  'fullName',
  'email',
  'deposits',
  'accountBalance',
  'totalProfit',
  'totalDeposit',
  'totalWithdrawn',
  'totaInterest',
  'isAdmin',
  'suspended',
  'status',
  'login',
  '_id',
  'isVerified',
  'createdAt',
];
/** Section 3: a transaction of the admin list, and a gateway. */
const TRANSACTION = ['_id', 'type', 'mode', 'fullName', 'amount', 'status', 'createdAt', 'image'];
const GATEWAY = ['_id', 'add', 'type', 'image'];

const within = (prefix: string, fields: string[]) => fields.map((field) => `${prefix}.${field}`);

/**
 * Section 7 of the specification, one row per call: the payload's fields (`multipart` when it is a
 * form, `empty` when nothing is sent) and the response fields a client reads (`a.b` inside an object,
 * `a[].b` inside each element of a list). "Not shown" responses name nothing.
 */
const SPEC_CALLS: { call: string; payload: string[] | 'empty'; multipart?: true; response: string[] }[] = [
  {
    call: 'POST /api/user/login',
    payload: ['userNameOrEmail', 'password'],
    response: ['data', ...within('data', USER_RECORD), 'token'],
  },
  {
    call: 'POST /api/user/signup',
    payload: ['fullName', 'userName', 'email', 'password', 'confirmPassword'],
    response: ['message'],
  },
  {
    call: 'GET /api/user/userprofile/{id}',
    payload: 'empty',
    response: ['data', ...within('data', USER_RECORD)],
  },
  {
    call: 'POST /api/user/deposit',
    payload: ['mode', 'amount', 'image'],
    multipart: true,
    response: ['data', ...within('data', USER_RECORD), 'message'],
  },
  {
    call: 'GET /api/user/getallusers',
    payload: 'empty',
    // The admin screens read the balance as accountBalance on one and acctBalance on the other.
    response: ['data', ...within('data[]', [...USER_RECORD, 'acctBalance'])],
  },
  { call: 'PUT /api/admin/verifyUser/{id}', payload: 'empty', response: ['data', 'message'] },
  { call: 'DELETE /api/admin/deleteOneUser/{id}', payload: 'empty', response: ['data', 'message'] },
  {
    call: 'PUT /api/admin/creditOrDebit/{id}',
    payload: ['mode', 'amount'],
    response: ['data', 'message'],
  },
  { call: 'GET /api/admin/allTransactions', payload: 'empty', response: within('data[]', TRANSACTION) },
  { call: 'PUT /api/admin/approveDeposit/{id}', payload: 'empty', response: ['message'] },
  { call: 'PUT /api/admin/declineDeposit/{id}', payload: 'empty', response: ['message'] },
  { call: 'GET /api/admin/getPost', payload: 'empty', response: within('data[]', GATEWAY) },
  { call: 'POST /api/admin/postWay', payload: ['add', 'type', 'image'], multipart: true, response: [] },
  { call: 'DELETE /api/admin/deletePost/{id}', payload: 'empty', response: [] },
  { call: 'GET /api/user/getPostByName/{mode}', payload: 'empty', response: ['data[].add', 'data[].image'] },
];

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

/** The schema at a field path such as `data[].add`, or undefined when the document lacks it. */
function schemaAt(schema: SchemaNode | undefined, fieldPath: string): SchemaNode | undefined {
  return fieldPath.split('.').reduce<SchemaNode | undefined>((node, step) => {
    const isList = step.endsWith('[]');
    const property = node?.properties?.[isList ? step.slice(0, -2) : step];
    return isList ? property?.items : property;
  }, schema);
}

it("names every payload and response field of the specification's 15 calls", async () => {
  const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
  const problems: string[] = [];
  for (const { call, payload, multipart, response } of SPEC_CALLS) {
    const [method = '', path = ''] = call.split(' ');
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (!operation) {
      problems.push(`${call}: not in the document`);
      continue;
    }
    for (const name of path.match(/\{(\w+)\}/g) ?? []) {
      const isParameter = operation.parameters.some(
        (parameter: { name: string; in: string }) =>
          parameter.in === 'path' && `{${parameter.name}}` === name,
      );
      if (!isParameter) problems.push(`${call}: path parameter ${name} is not described`);
    }
    if (payload === 'empty') {
      if (operation.requestBody?.required)
        problems.push(`${call}: demands a body; the specification sends none`);
    } else {
      const mediaType = multipart ? 'multipart/form-data' : 'application/json';
      const body = operation.requestBody?.content?.[mediaType]?.schema;
      for (const field of payload.filter((name) => !schemaAt(body, name))) {
        problems.push(`${call}: payload (${mediaType}) lacks ${field}`);
      }
    }
    const success = Object.entries(operation.responses as Record<string, { content?: object }>).find(
      ([status]) => status.startsWith('2'),
    )?.[1];
    const answer = (success?.content as Record<string, { schema?: SchemaNode }>)?.['application/json']
      ?.schema;
    for (const field of response.filter((name) => !schemaAt(answer, name))) {
      problems.push(`${call}: response lacks ${field}`);
    }
  }
  expect(problems).toEqual([]);
  // Errors carry message (section 7) and error (the signup screen reads either, section 8).
  expect(Object.keys(document.components.schemas.Error.properties).sort()).toEqual(['error', 'message']);
});
