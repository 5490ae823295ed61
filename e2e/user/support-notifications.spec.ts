import { beforeEach, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import {
  adminToken,
  api,
  approveNewestDeposit,
  callApi,
  openAccountMenuItem,
  openFreshPage,
  openMenuEntry,
  openSignedIn,
  page,
  setUpUserSuite,
  signUpUser,
  waitForAlert,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: true });

const baseUrl = inject('baseUrl');

interface AdminTicket {
  _id: string;
  userId: string;
}

const notificationsLink = () => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`support and notifications at ${viewportName} width`, () => {
    beforeEach(() => openFreshPage(viewport));

    it('sends a support message that the admin reads and answers; the answer shows here', async () => {
      const user = await signUpUser(api);
      await openSignedIn(page, user, '/user/overview');
      await openMenuEntry(page, viewportName, 'Support');
      await page.waitForURL(`${baseUrl}/user/support`);
      await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
      const { data: site } = await callApi<{ data: { supportEmail: string } }>(api, 'GET', '/api/site', null);
      await page.getByRole('link', { name: site.supportEmail }).waitFor();
      await expect
        .poll(() => page.getByLabel('Message', { exact: true }).getAttribute('required'))
        .not.toBeNull();

      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await waitForAlert(page, 'Please write a message.');
      await page
        .getByLabel('Message', { exact: true })
        .fill('My deposit from Monday is not in my balance yet.');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText('Your message has been sent. Our team will answer here.').waitFor();
      await expect.poll(() => page.getByLabel('Message', { exact: true }).inputValue()).toBe('');
      const ticket = page.getByRole('article', { name: 'My deposit from Monday is not in my balance yet.' });
      await ticket.getByText('Waiting for an answer').waitFor();

      // The admin finds it in the support queue and answers through the API.
      const { data: tickets } = await callApi<{ data: AdminTicket[] }>(
        api,
        'GET',
        '/api/admin/support?status=open&pageSize=200',
        adminToken,
      );
      const queued = tickets.find((row) => row.userId === user.user._id);
      expect(queued, 'the ticket is in the admin queue').toBeDefined();
      await callApi(api, 'POST', `/api/admin/support/${queued?._id}/reply`, adminToken, {
        data: { message: 'It was approved a minute ago; it is in your balance now.' },
      });

      await page.reload();
      await ticket.getByText('It was approved a minute ago; it is in your balance now.').waitFor();
      await ticket.getByText('Answered').waitFor();
      await expect.poll(() => ticket.textContent()).toContain('Support team');
      await expect.poll(() => notificationsLink().getAttribute('aria-label')).toBe('Notifications, 1 unread');

      // The conversation goes on in the same ticket.
      await ticket.getByText('Reply', { exact: true }).click();
      await ticket.getByLabel('Your reply').fill('Thank you!');
      await ticket.getByRole('button', { name: 'Send reply' }).click();
      await ticket.getByText('Thank you!').waitFor();
      await ticket.getByText('Waiting for an answer').waitFor();
      await screenshot(page, `support-${viewportName}`);
      await expectAccessible(page, '/user/support with a conversation');
    });

    it("counts an admin's decisions as unread in the top bar; the list marks one or all as read", async () => {
      const user = await signUpUser(api);
      await openSignedIn(page, user, '/user/overview');
      await expect.poll(() => notificationsLink().getAttribute('aria-label')).toBe('Notifications');

      await callApi(api, 'POST', '/api/user/deposit', user.token, { data: { mode: 'btc', amount: 120 } });
      await approveNewestDeposit(api, adminToken, user.user._id);
      await page.reload();
      await expect.poll(() => notificationsLink().getAttribute('aria-label')).toBe('Notifications, 1 unread');
      await expect.poll(() => page.getByTestId('unread-count').textContent()).toBe('1');

      // Phones reach the list from the account menu too; the bell works at both widths.
      if (viewportName === 'phone') await openAccountMenuItem(page, 'Notifications');
      else await notificationsLink().click();
      await page.waitForURL(`${baseUrl}/user/notifications`);
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      const list = page.getByRole('main').getByRole('listitem');
      await list.filter({ hasText: 'Deposit approved' }).waitFor();
      await expect
        .poll(() => list.first().textContent())
        .toContain('Your BTC deposit of $120.00 was approved');
      await page.getByText('1 unread').waitFor();
      await expect
        .poll(() => page.getByRole('button', { name: 'Mark all as read' }).isDisabled())
        .toBe(false);
      await screenshot(page, `notifications-${viewportName}`);
      await expectAccessible(page, '/user/notifications with an unread one');

      await page.getByRole('button', { name: /^Mark as read.*Deposit approved/ }).click();
      await page.getByText('0 unread').waitFor();
      await expect.poll(() => notificationsLink().getAttribute('aria-label')).toBe('Notifications');
      await expect.poll(() => page.getByTestId('unread-count').count()).toBe(0);
      await expect.poll(() => page.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);

      // Two more decisions, then all of them at once.
      await callApi(api, 'POST', '/api/user/deposit', user.token, { data: { mode: 'eth', amount: 60 } });
      await approveNewestDeposit(api, adminToken, user.user._id);
      await callApi(api, 'POST', '/api/user/deposit', user.token, { data: { mode: 'usdt', amount: 75 } });
      const { data: pending } = await callApi<{ data: { _id: string; userId: string }[] }>(
        api,
        'GET',
        '/api/admin/allTransactions?type=deposit&status=pending&pageSize=200',
        adminToken,
      );
      const usdt = pending.find((row) => row.userId === user.user._id);
      await callApi(api, 'PUT', `/api/admin/declineDeposit/${usdt?._id}`, adminToken, {
        data: { reason: 'No payment arrived' },
      });
      // The specification's top-level address leads to the same list.
      await page.goto('/notifications');
      await page.waitForURL(`${baseUrl}/user/notifications`);
      await page.getByText('2 unread').waitFor();
      await list
        .filter({ hasText: 'Deposit declined' })
        .getByText('No payment arrived', { exact: false })
        .waitFor();
      await expect.poll(() => notificationsLink().getAttribute('aria-label')).toBe('Notifications, 2 unread');
      await page.getByRole('button', { name: 'Mark all as read' }).click();
      await page.getByText('Notifications marked as read.').waitFor();
      await page.getByText('0 unread').waitFor();
      await expect.poll(() => notificationsLink().getAttribute('aria-label')).toBe('Notifications');
      // The server agrees.
      const { unread } = await callApi<{ unread: number }>(api, 'GET', '/api/user/notifications', user.token);
      expect(unread).toBe(0);
    });
  });
}
