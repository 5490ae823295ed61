import { type APIRequestContext, type Browser, request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import { callApi, type SignedInUser, signUpUser } from '../user/user-helpers.ts';
import {
  type ConsoleTab,
  openSection,
  openTab,
  signInAsAdmin,
  snapshot,
  uniqueTag,
} from './console-helpers.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let api: APIRequestContext;
let tab: ConsoleTab;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await request.newContext({ baseURL: baseUrl });
});
afterEach(async () => {
  await tab?.context.close();
  expect(tab?.problems).toEqual([]);
});
afterAll(async () => {
  await api.dispose();
  await browser.close();
});

interface Ticket {
  _id: string;
  subject: string;
  status: string;
  messages: { body: string; isFromStaff: boolean; authorName: string }[];
}

async function usersTicket(user: SignedInUser, id: string): Promise<Ticket | undefined> {
  const { data } = await callApi<{ data: Ticket[] }>(api, 'GET', '/api/user/support', user.token);
  return data.find((ticket) => ticket._id === id);
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`support and audit at ${viewportName} width`, () => {
    it('answers and closes a ticket a user opened; the user reads the reply and the audit trail records both', async () => {
      const user = await signUpUser(api, 'Joan Clarke');
      const subject = `Withdrawal timing ${uniqueTag()}`;
      const question = 'When will my withdrawal arrive?\nI sent the request this morning.';
      const reply = 'It was paid out an hour ago; allow a few confirmations before it shows in your wallet.';
      const { data: opened } = await callApi<{ data: Ticket }>(api, 'POST', '/api/user/support', user.token, {
        data: { subject, message: question },
      });

      tab = await openTab(browser, baseUrl, viewport);
      const { page } = tab;
      await signInAsAdmin(page);
      await openSection(page, 'Support');
      const tickets = page.getByRole('list', { name: 'Tickets' });
      const listed = tickets.getByRole('button').filter({ hasText: subject });
      await listed.getByText('open', { exact: true }).waitFor();
      await listed.getByText('Joan Clarke').waitFor();
      await snapshot(page, `admin-support-list-${viewportName}`);
      await listed.click();

      await page.getByRole('heading', { level: 2, name: subject }).waitFor();
      const conversation = page.getByRole('list', { name: 'Conversation' });
      await conversation.getByText('When will my withdrawal arrive?').waitFor();
      await page.getByRole('button', { name: 'Send reply' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please write a message.' }).waitFor();
      await page.getByLabel('Reply to Joan Clarke').fill(reply);
      await page.getByRole('button', { name: 'Send reply' }).click();
      await page.getByText('Reply sent.').waitFor();
      await conversation.getByText(reply).waitFor();
      await conversation.getByText('Site Administrator (staff)').waitFor();
      await expect.poll(() => page.getByLabel('Reply to Joan Clarke').inputValue()).toBe('');
      await snapshot(page, `admin-support-${viewportName}`);

      const answered = await usersTicket(user, opened._id);
      expect(answered?.status).toBe('answered');
      expect(answered?.messages.at(-1)).toMatchObject({ body: reply, isFromStaff: true });

      if (viewportName === 'phone') {
        // On a phone the conversation replaces the list; the way back is at its top.
        await expect.poll(() => tickets.isVisible()).toBe(false);
        await page.getByRole('button', { name: 'All tickets' }).click();
      }
      await page.getByRole('button', { name: 'Answered', exact: true }).click();
      await tickets.getByRole('button').filter({ hasText: subject }).click();
      await page.getByRole('button', { name: 'Close ticket' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Close this ticket' });
      await confirm.getByRole('button', { name: 'Close ticket' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByText('Ticket closed.').waitFor();
      await expect.poll(async () => (await usersTicket(user, opened._id))?.status).toBe('closed');
      const lateMessage = await api.fetch(`/api/user/support/${opened._id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
        data: { message: 'One more thing' },
      });
      expect(lateMessage.status()).toBe(409);

      await openSection(page, 'Audit');
      await page.getByLabel('Target type').selectOption('support_ticket');
      await page
        .getByRole('button', { name: `Only entries for support ticket ${opened._id}` })
        .first()
        .click();
      await expect.poll(() => page.getByRole('row').count()).toBe(3);
      const closed = page.getByRole('row').filter({ hasText: 'Ticket closed' });
      await expect
        .poll(() => closed.getByRole('listitem').allTextContents())
        .toEqual(['Status: answered→closed']);
      const replied = page.getByRole('row').filter({ hasText: 'Support reply' });
      await replied.getByText('Site Administrator').waitFor();
      expect((await replied.getByRole('listitem').allTextContents()).sort()).toEqual([
        `Message: ${reply}`,
        'Status: open→answered',
      ]);
      await snapshot(page, `admin-audit-support-${viewportName}`);
    });
  });
}
