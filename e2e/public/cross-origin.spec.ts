import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AdminTransaction,
  type AdminUserRow,
  type Gateway,
  MESSAGES,
  type TradeUser,
} from '@vestora/shared';
import type { Browser, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import {
  E2E_ADMIN,
  freePort,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';
import { openSignedIn } from '../user/user-helpers.ts';

/*
 * A front end of its own, on another origin than the API (another host name and port), calls every
 * call of the specification's section 7 from a browser, as the README says such a front end does:
 * the session is the bearer token that sign-in returns, never a cookie. The API lists that origin in
 * CORS_ORIGINS and has PUBLIC_URL, so the file URLs it answers with point at itself; the web app the
 * API serves keeps showing those files.
 */
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const QR_PNG = (await QRCode.toBuffer(BTC_ADDRESS, { type: 'png', width: 240 })).toString('base64');
const PROOF_PNG = (await QRCode.toBuffer('proof of payment', { type: 'png', width: 120 })).toString('base64');

interface Answer<Body> {
  status: number;
  body: Body;
}
/** The answers' shapes, as the specification's section 7 names them. */
type Message = { message: string };
type Data<Item> = { data: Item; message: string };
type SignedIn = Data<TradeUser> & { token: string };
interface CallOptions {
  token?: string;
  json?: unknown;
  form?: { fields: Record<string, string>; file: { field: string; name: string; base64: string } };
  idempotencyKey?: string;
}
/** What the front end's page offers: a fetch of the API, and an image shown from a URL. */
interface FrontEnd {
  api(method: string, path: string, options?: CallOptions): Promise<Answer<unknown>>;
  showImage(src: string): void;
}

/** The other front end: nothing but a page that talks to the API at `apiUrl` with fetch. */
function frontEndPage(apiUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Another front end</title></head>
<body>
<h1>Another front end</h1>
<script>
const API = ${JSON.stringify(apiUrl)};
// No credentials: the session is the bearer token, so no cookie ever crosses the origins.
window.api = async (method, path, { token, json, form, idempotencyKey } = {}) => {
  const headers = {};
  let body;
  if (token) headers.authorization = 'Bearer ' + token;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  }
  if (form) {
    body = new FormData();
    for (const [name, value] of Object.entries(form.fields)) body.set(name, value);
    const bytes = Uint8Array.from(atob(form.file.base64), (c) => c.charCodeAt(0));
    body.set(form.file.field, new Blob([bytes], { type: 'image/png' }), form.file.name);
  }
  const response = await fetch(API + path, { method, headers, body });
  return { status: response.status, body: await response.json() };
};
window.showImage = (src) => {
  const image = document.createElement('img');
  image.alt = 'Gateway QR code';
  image.src = src;
  document.body.append(image);
};
</script>
</body>
</html>
`;
}

/** Serves the front end's page on 127.0.0.1 at a free port; the browser opens it as localhost. */
async function serveFrontEnd(apiUrl: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(frontEndPage(apiUrl));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let api: RunningServer;
/** The API's PUBLIC_URL, by name: passkeys refuse an IP address there. File URLs start with it. */
let apiUrl: string;
let dataDir: string;
let listed: Awaited<ReturnType<typeof serveFrontEnd>>;
let unlisted: Awaited<ReturnType<typeof serveFrontEnd>>;
let browser: Browser;

beforeAll(async () => {
  const apiPort = await freePort();
  apiUrl = `http://localhost:${apiPort}`;
  listed = await serveFrontEnd(apiUrl);
  unlisted = await serveFrontEnd(apiUrl);
  dataDir = await freshDataDir();
  api = await startServer({
    dataDir,
    port: apiPort,
    env: { CORS_ORIGINS: listed.origin, PUBLIC_URL: apiUrl },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (api) await stopServer(api);
  await listed?.close();
  await unlisted?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function openFrontEnd(origin: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(origin);
  await page.getByRole('heading', { name: 'Another front end' }).waitFor();
  return page;
}

/** One call of the API from the page, as the front end's own script makes it. */
async function call<Body = Message>(
  page: Page,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<Body>> {
  const answer = await page.evaluate(
    ([method, path, options]) => (window as unknown as FrontEnd).api(method, path, options),
    [method, path, options] as const,
  );
  return answer as Answer<Body>;
}

describe('a front end on another origin listed in CORS_ORIGINS', () => {
  it("makes every call of the specification's API and shows a gateway's QR image", async () => {
    const page = await openFrontEnd(listed.origin);

    // POST /api/user/signup, then POST /api/user/login for the new user and the administrator.
    const person = {
      fullName: 'Grace Hopper',
      userName: 'grace',
      email: 'grace@example.com',
      password: 'Cobol#1959',
      confirmPassword: 'Cobol#1959',
    };
    const signup = await call(page, 'POST', '/api/user/signup', { json: person });
    expect(signup).toEqual({ status: 201, body: { message: MESSAGES.signupSuccess } });
    const userLogin = await call<SignedIn>(page, 'POST', '/api/user/login', {
      json: { userNameOrEmail: person.userName, password: person.password },
    });
    expect(userLogin.status).toBe(200);
    expect(userLogin.body.data).toMatchObject({ userName: 'grace', isAdmin: false, isVerified: false });
    const user = { id: userLogin.body.data._id, token: userLogin.body.token };
    const adminLogin = await call<SignedIn>(page, 'POST', '/api/user/login', {
      json: { userNameOrEmail: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(adminLogin.body.data.isAdmin).toBe(true);
    const admin = adminLogin.body.token;
    const wrongPassword = await call(page, 'POST', '/api/user/login', {
      json: { userNameOrEmail: person.userName, password: 'Not#ThePassword1' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.message).toBe(MESSAGES.invalidCredentials);

    // GET /api/user/userprofile/{id}
    const profile = await call<Data<TradeUser>>(page, 'GET', `/api/user/userprofile/${user.id}`, {
      token: user.token,
    });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ _id: user.id, email: person.email, accountBalance: 0 });

    // POST /api/admin/postWay (multipart: add, type, image), GET /api/admin/getPost
    const added = await call<Data<Gateway>>(page, 'POST', '/api/admin/postWay', {
      token: admin,
      form: {
        fields: { add: BTC_ADDRESS, type: 'btc' },
        file: { field: 'image', name: 'qr.png', base64: QR_PNG },
      },
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(MESSAGES.gatewayAdded);
    const gatewayId = added.body.data._id;
    const gateways = await call<Data<Gateway[]>>(page, 'GET', '/api/admin/getPost', { token: admin });
    expect(gateways.body.data).toEqual([
      expect.objectContaining({ _id: gatewayId, add: BTC_ADDRESS, type: 'btc' }),
    ]);

    // GET /api/user/getPostByName/{mode}: the first element's address and QR image, shown here.
    const forBitcoin = await call<Data<Gateway[]>>(page, 'GET', '/api/user/getPostByName/btc', {
      token: user.token,
    });
    const [shown] = forBitcoin.body.data;
    if (!shown) throw new Error('no gateway for btc');
    expect(shown.add).toBe(BTC_ADDRESS);
    expect(shown.image).toMatch(new RegExp(`^${apiUrl}/api/files/`));
    await page.evaluate((src) => (window as unknown as FrontEnd).showImage(src), shown.image);
    const image = page.getByRole('img', { name: 'Gateway QR code' });
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBe(240);

    // POST /api/user/deposit (multipart: mode, amount, image), twice: one to approve, one to decline.
    const deposit = (idempotencyKey: string) =>
      call<Data<TradeUser>>(page, 'POST', '/api/user/deposit', {
        token: user.token,
        idempotencyKey,
        form: {
          fields: { mode: 'btc', amount: '100' },
          file: { field: 'image', name: 'proof.png', base64: PROOF_PNG },
        },
      });
    const first = await deposit('first-deposit');
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(MESSAGES.depositSuccess);
    expect(first.body.data.deposits).toEqual([expect.objectContaining({ amount: 100, status: 'pending' })]);
    expect((await deposit('first-deposit')).body).toEqual(first.body);
    const second = await deposit('second-deposit');
    const [secondId = '', firstId = ''] = second.body.data.deposits.map((row) => row._id);

    // GET /api/user/getallusers, PUT /api/admin/verifyUser/{id}
    const users = await call<Data<AdminUserRow[]>>(page, 'GET', '/api/user/getallusers', { token: admin });
    expect(users.body.message).toBe(MESSAGES.usersFetched);
    expect(users.body.data).toContainEqual(expect.objectContaining({ _id: user.id, acctBalance: 0 }));
    const verified = await call<Data<AdminUserRow>>(page, 'PUT', `/api/admin/verifyUser/${user.id}`, {
      token: admin,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe(MESSAGES.userVerified);
    expect(verified.body.data.isVerified).toBe(true);

    // GET /api/admin/allTransactions: the receipt opens from the API's own address.
    const transactions = await call<Data<AdminTransaction[]>>(page, 'GET', '/api/admin/allTransactions', {
      token: admin,
    });
    const firstRow = transactions.body.data.find((row) => row._id === firstId);
    expect(firstRow).toMatchObject({
      type: 'deposit',
      mode: 'btc',
      fullName: person.fullName,
      amount: 100,
      status: 'pending',
    });
    expect(firstRow?.image).toMatch(new RegExp(`^${apiUrl}/api/files/.+signature=`));

    // PUT /api/admin/approveDeposit/{id} and PUT /api/admin/declineDeposit/{id}, both with no body.
    const approved = await call(page, 'PUT', `/api/admin/approveDeposit/${firstId}`, { token: admin });
    expect(approved).toEqual({ status: 200, body: { message: MESSAGES.depositApproved } });
    const declined = await call(page, 'PUT', `/api/admin/declineDeposit/${secondId}`, { token: admin });
    expect(declined).toEqual({ status: 200, body: { message: MESSAGES.depositDeclined } });
    const decided = await call<Data<AdminTransaction[]>>(page, 'GET', '/api/admin/allTransactions', {
      token: admin,
    });
    const statusOf = (id: string) => decided.body.data.find((row) => row._id === id)?.status;
    expect([statusOf(firstId), statusOf(secondId)]).toEqual(['approved', 'rejected']);

    // PUT /api/admin/creditOrDebit/{id}: credit, then debit the whole balance.
    const credited = await call<Data<AdminUserRow>>(page, 'PUT', `/api/admin/creditOrDebit/${user.id}`, {
      token: admin,
      json: { mode: 'credit', amount: 25 },
    });
    expect(credited.body.message).toBe(MESSAGES.accountCredited);
    expect(credited.body.data).toMatchObject({ accountBalance: 125, acctBalance: 125 });
    const debited = await call<Data<AdminUserRow>>(page, 'PUT', `/api/admin/creditOrDebit/${user.id}`, {
      token: admin,
      json: { mode: 'debit', amount: 125 },
    });
    expect(debited.body.message).toBe(MESSAGES.accountDebited);
    expect(debited.body.data.accountBalance).toBe(0);

    // DELETE /api/admin/deleteOneUser/{id}, DELETE /api/admin/deletePost/{id}
    const deleted = await call<Data<AdminUserRow>>(page, 'DELETE', `/api/admin/deleteOneUser/${user.id}`, {
      token: admin,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(MESSAGES.userDeleted);
    expect(deleted.body.data).toMatchObject({ _id: user.id, status: 'deleted' });
    const gatewayDeleted = await call(page, 'DELETE', `/api/admin/deletePost/${gatewayId}`, { token: admin });
    expect(gatewayDeleted).toEqual({ status: 200, body: { message: MESSAGES.gatewayDeleted } });
    const remaining = await call<Data<Gateway[]>>(page, 'GET', '/api/admin/getPost', { token: admin });
    expect(remaining.body.data).toEqual([]);

    await page.context().close();
  });

  it('is needed: the same page on an origin not listed cannot read an answer', async () => {
    const page = await openFrontEnd(unlisted.origin);
    await expect(
      call(page, 'POST', '/api/user/login', {
        json: { userNameOrEmail: E2E_ADMIN.email, password: E2E_ADMIN.password },
      }),
    ).rejects.toThrow(/Failed to fetch/);
    await page.context().close();
  });
});

describe("the API's own web app, with PUBLIC_URL set", () => {
  it('shows the QR code and the avatar from their absolute URLs', async () => {
    const json = async <Body>(
      method: string,
      path: string,
      token: string | null,
      body?: BodyInit | object,
    ) => {
      const isForm = body instanceof FormData;
      const response = await fetch(`${api.baseUrl}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
      });
      expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
      return (await response.json()) as Body;
    };
    const logIn = (userNameOrEmail: string, password: string) =>
      json<SignedIn>('POST', '/api/user/login', null, { userNameOrEmail, password });
    const admin = await logIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await json('POST', '/api/admin/postWay', admin.token, { add: BTC_ADDRESS, type: 'btc' });
    const password = 'Analytical#1843';
    await json('POST', '/api/user/signup', null, {
      fullName: 'Ada Lovelace',
      userName: 'ada',
      email: 'ada@example.com',
      password,
      confirmPassword: password,
    });
    const ada = await logIn('ada', password);
    const avatar = new FormData();
    avatar.set('image', new Blob([Buffer.from(PROOF_PNG, 'base64')], { type: 'image/png' }), 'me.png');
    const pictured = await json<Data<TradeUser>>('PUT', '/api/user/avatar', ada.token, avatar);
    expect(pictured.data.avatar).toMatch(new RegExp(`^${apiUrl}/api/files/`));

    // Opened where people open it, PUBLIC_URL, so the absolute file URLs are its own origin.
    const context = await browser.newContext({ baseURL: apiUrl });
    const page = await context.newPage();
    await openSignedIn(page, { token: ada.token, user: ada.data }, '/user/depo');
    await page.getByLabel('Amount to Deposit').fill('150');
    await page.getByRole('radio', { name: 'Bitcoin' }).check();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const qr = page.getByRole('img', { name: 'QR code of the Bitcoin wallet address' });
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // The avatar is private: the app fetches it with the token and shows it from a blob.
    const picture = page.locator('img[src^="blob:"]').first();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(120);
    await context.close();
  });
});
