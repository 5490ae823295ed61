import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser.ts';
import { freePort, freshDataDir, type RunningServer, startServer, stopServer } from '../support/server.ts';

/** A real SMTP server on a free port, keeping what it receives (as the server's own reset tests do). */
const received: { to: string; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo[0]?.address ?? '', raw });
      callback();
    });
  },
});

let server: RunningServer;
/** PUBLIC_URL: the e-mailed links' address, by name (passkeys refuse an IP address there). */
let publicUrl: string;
let dataDir: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const smtpPort = typeof address === 'object' && address ? address.port : 0;
  // The e-mailed link must point at this server, so its address is fixed before it starts.
  const port = await freePort();
  publicUrl = `http://localhost:${port}`;
  dataDir = await freshDataDir();
  server = await startServer({
    dataDir,
    port,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PUBLIC_URL: publicUrl },
  });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: publicUrl });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  if (server) await stopServer(server);
  await new Promise<void>((resolve) => smtp.close(resolve));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The reset e-mail that reached `email` (a sign-up's confirmation link arrives there first). */
async function mailTo(email: string): Promise<string> {
  const delivered = () =>
    received.find(
      (candidate) =>
        candidate.to === email && candidate.raw.includes('Subject: Vestora: Reset your password'),
    );
  await expect
    .poll(() => delivered() !== undefined, { message: `no e-mail reached ${email}`, timeout: 30_000 })
    .toBe(true);
  return delivered()?.raw ?? '';
}

/** The link in the e-mail's body, which arrives quoted-printable (soft line breaks, '=' encoded). */
function resetLinkIn(raw: string): string {
  const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/\S+\/resetpass\?token=[A-Za-z0-9_-]+/.exec(body);
  if (!match) throw new Error(`no reset link in:\n${raw}`);
  return match[0];
}

async function askForReset(email: string) {
  await page.goto('/forgetpass');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'If an account exists for that e-mail, a reset link has been sent.' })
    .waitFor();
}

async function signIn(identifier: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Email or UserName').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Account Login' }).click();
}

describe('password reset by e-mail', () => {
  const tag = randomBytes(3).toString('hex');
  const person = {
    fullName: 'Katherine Johnson',
    userName: `katherine${tag}`,
    email: `katherine${tag}@example.com`,
    password: 'Orbit#1962',
    confirmPassword: 'Orbit#1962',
  };
  const newPassword = 'Apollo#1969';

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    await askForReset(`nobody${tag}@example.com`);
    // E-mails leave after the answer: one asked for afterwards, to a known address, marks the
    // moment by which the first would have arrived.
    const witness = { ...person, userName: `witness${tag}`, email: `witness${tag}@example.com` };
    expect((await page.request.post('/api/user/signup', { data: witness })).status()).toBe(201);
    await askForReset(witness.email);
    await mailTo(witness.email);
    expect(received.some((mail) => mail.to === `nobody${tag}@example.com`)).toBe(false);
  });

  it('goes from /forgetpass to the e-mailed link, a new password and signing in with it', async () => {
    const signup = await page.request.post('/api/user/signup', { data: person });
    expect(signup.status()).toBe(201);

    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forget Password' }).click();
    await page.waitForURL('**/forgetpass');
    await askForReset(person.email);
    await screenshot(page, 'forgot-password-sent-phone');

    const link = resetLinkIn(await mailTo(person.email));
    expect(link.startsWith(`${publicUrl}/resetpass?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();

    // The sign-up rules apply, in the same order.
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Apollo#1970');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Passwords do not match.' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('apollo#1969');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('apollo#1969');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Password must include uppercase, lowercase, and special characters.' })
      .waitFor();

    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    for (const [field, toggle] of [
      ['New Password', 'Show new password'],
      ['Confirm New Password', 'Show confirm new password'],
    ] as const) {
      await page.getByRole('button', { name: toggle, exact: true }).click();
      await expect.poll(() => page.getByLabel(field, { exact: true }).getAttribute('type')).toBe('text');
    }
    await screenshot(page, 'reset-password-phone');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL('**/signin');
    await page.getByText('Your password has been reset. You can sign in now.').waitFor();

    await signIn(person.userName, person.password);
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    await signIn(person.email, newPassword);
    await page.waitForURL('**/user/overview', { timeout: 15_000 });
    await page.getByText(person.fullName).first().waitFor();

    // The link works once; opened again it says so, with the server's words, and offers a new one.
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('Gemini#1965');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Gemini#1965');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This reset link is invalid or has expired. Ask for a new one.' })
      .waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL('**/forgetpass');
  });

  it('says a link without a token is not valid', async () => {
    await page.goto('/resetpass');
    await page
      .getByRole('alert')
      .filter({ hasText: 'This reset link is invalid or has expired. Ask for a new one.' })
      .waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save new password' }).isDisabled()).toBe(true);
  });
});
