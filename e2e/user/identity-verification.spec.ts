import { randomBytes } from 'node:crypto';
import {
  IDENTITY_IMAGE_SIDE_LABELS,
  IDENTITY_MESSAGES,
  IDENTITY_REJECTION_REASON_LABELS,
  type IdentityImageSide,
} from '@vestora/shared';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSection, snapshot } from '../admin-console/console-helpers.ts';
import { expectAccessible } from '../support/axe.ts';
import { VIEWPORTS } from '../support/browser.ts';
import {
  adminLogIn,
  api,
  openFreshPage,
  openSignedIn,
  page,
  type SignedInUser,
  setUpUserSuite,
  signUpUser,
} from './user-helpers.ts';

/*
 * Identity verification end to end: a person sends their documents from a phone (the camera
 * replaced by a file), the seeded owner (who holds the compliance permission) rejects them with a
 * reason at desktop width, the person sends them again, the owner approves, and the person is at
 * the Full level.
 */

setUpUserSuite({ asAdmin: false });

const tag = randomBytes(3).toString('hex');
const LEGAL_NAME = `Grace Brewster Murray Hopper ${tag}`;
/** As long as an address may be (300 characters), in long words, to wrap at phone width. */
const LONG_ADDRESS = [
  'Apartment 4B, Kaiser-Friedrich-Gedächtniskirchenplatzverwaltungsgebäude,',
  '1234 Extraordinarily-Long-Boulevard-Name-With-Hyphens-Across-The-District,',
  'Sankt Margarethen im Lungau, Salzburg-Umgebung Landeshauptstadt,',
  'Postfach 0987654321, Bezirkshauptmannschaft Tamsweg',
]
  .join(' ')
  .slice(0, 300);
const REJECTION_NOTE = 'The front is out of focus: take it again in daylight, flat on a table.';

let person: SignedInUser & { email: string };
let admin: SignedInUser;

/** A real PNG per side, different for each (a QR code of its name): the server types images by their bytes. */
const imageOf = async (side: IdentityImageSide) => ({
  name: `${side}.png`,
  mimeType: 'image/png',
  buffer: await QRCode.toBuffer(`Vestora identity test: ${side}`, { type: 'png', width: 320 }),
});

beforeAll(async () => {
  person = await signUpUser(api, `Grace Hopper ${tag}`);
  admin = await adminLogIn(api);
});

/** Nothing may push the layout sideways at phone width. */
async function expectNoSideways(): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** Adds the photos the document type asks for, each uploaded as soon as it is set. */
async function addPhotos(sides: readonly IdentityImageSide[]): Promise<void> {
  for (const side of sides) {
    await page
      .getByLabel(IDENTITY_IMAGE_SIDE_LABELS[side], { exact: true })
      .setInputFiles(await imageOf(side));
  }
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Uploaded' }).count())
    .toBe(sides.length);
}

/** Each picture of the review has arrived through its signed link and decoded. */
async function expectImagesLoaded(sides: readonly IdentityImageSide[]): Promise<void> {
  for (const side of sides) {
    const image = page.getByRole('img', { name: IDENTITY_IMAGE_SIDE_LABELS[side], exact: true });
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
  }
}

/** The reviewer's queue at desktop width, reached from the console's navigation, then this person's submission. */
async function openSubmissionAsReviewer(): Promise<void> {
  await openFreshPage(VIEWPORTS.desktop);
  await openSignedIn(page, admin, '/admin/testing');
  await openSection(page, 'Verifications');
  const queue = page.getByRole('table', { name: 'Verifications waiting for review' });
  const row = queue.getByRole('row').filter({ hasText: LEGAL_NAME });
  await expect.poll(() => row.textContent()).toContain(person.email);
  expect(await row.textContent()).toContain('National identity card');
  await row.getByRole('link', { name: `Review the verification of ${person.user.fullName}` }).click();
  await page.getByRole('heading', { level: 1, name: `Verification of ${LEGAL_NAME}` }).waitFor();
}

describe('identity verification', () => {
  it('a person sends their documents from a phone, from the overview’s banner', async () => {
    await openFreshPage(VIEWPORTS.phone);
    await openSignedIn(page, person, '/user/overview');
    await page.getByRole('link', { name: 'Verify your identity' }).click();
    await page.getByRole('heading', { level: 1, name: 'Verify your identity' }).waitFor();
    const levels = page.getByRole('table', { name: 'What each verification level allows' });
    await expect.poll(() => levels.locator('tr[aria-current="true"]').textContent()).toContain('Unverified');

    const send = page.getByRole('button', { name: 'Send for review' });
    await page.getByLabel('Date of birth').fill(`${new Date().getFullYear() - 16}-01-01`);
    await send.click();
    await page.getByRole('alert').filter({ hasText: IDENTITY_MESSAGES.tooYoung }).waitFor();
    await page.getByRole('alert').filter({ hasText: IDENTITY_MESSAGES.selfieRequired }).waitFor();
    expect(await page.getByLabel('Date of birth').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Full legal name').fill(LEGAL_NAME);
    await page.getByLabel('Date of birth').fill('1990-03-12');
    await page.getByLabel('Country of residence').selectOption({ label: 'Austria' });
    await page.getByLabel('Residential address').fill(LONG_ADDRESS);
    await page.getByRole('radio', { name: 'National identity card' }).check();
    await addPhotos(['front', 'back', 'selfie']);
    await expectNoSideways();
    await snapshot(page, 'identity-verification-form-phone');
    await expectAccessible(page, 'the Verification page with its form filled');

    await send.click();
    await page.getByText(IDENTITY_MESSAGES.submitted).waitFor();
    await page.getByRole('status').filter({ hasText: 'Your documents are being reviewed' }).waitFor();
    expect(await send.count()).toBe(0);
    await expectNoSideways();
  });

  it('a reviewer sees the documents side by side at desktop width and rejects them with a reason', async () => {
    await openSubmissionAsReviewer();
    await expectImagesLoaded(['front', 'back', 'selfie']);
    const documents = page.getByRole('region', { name: 'Documents' });
    const [front, selfie] = await Promise.all(
      ['front', 'selfie'].map((side) =>
        documents
          .getByRole('img', { name: IDENTITY_IMAGE_SIDE_LABELS[side as IdentityImageSide], exact: true })
          .boundingBox(),
      ),
    );
    // Three columns at 1280 px: the first and the last picture share a row.
    expect(front?.y).toBe(selfie?.y);
    const details = page.getByRole('region', { name: 'Details' });
    expect(await details.textContent()).toContain('12 Mar 1990');
    expect(await details.textContent()).toContain('Austria');
    await page
      .getByRole('region', { name: 'Earlier submissions' })
      .getByText('This is their first submission.')
      .waitFor();
    await snapshot(page, 'identity-review-desktop');
    await expectAccessible(page, 'the review of a submission');

    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject ${LEGAL_NAME}` });
    await dialog.getByRole('radio', { name: IDENTITY_REJECTION_REASON_LABELS.other }).check();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByRole('alert').filter({ hasText: IDENTITY_MESSAGES.noteRequired }).waitFor();
    await dialog.getByRole('radio', { name: IDENTITY_REJECTION_REASON_LABELS.unreadable }).check();
    await dialog.getByLabel('Note to the person').fill(REJECTION_NOTE);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText(IDENTITY_MESSAGES.rejected).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Rejected by ${admin.user.fullName}`).waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  });

  it('the person reads why and sends their documents again, the details kept', async () => {
    await openFreshPage(VIEWPORTS.phone);
    await openSignedIn(page, person, '/user/verification');
    const refusal = page.getByRole('alert').filter({ hasText: 'Your documents were not accepted' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(IDENTITY_REJECTION_REASON_LABELS.unreadable);
    expect(await refusal.textContent()).toContain(REJECTION_NOTE);
    await expect.poll(() => page.getByLabel('Full legal name').inputValue()).toBe(LEGAL_NAME);
    expect(await page.getByLabel('Residential address').inputValue()).toBe(LONG_ADDRESS);
    expect(await page.getByRole('radio', { name: 'National identity card' }).isChecked()).toBe(true);
    await expectNoSideways();

    await addPhotos(['front', 'back', 'selfie']);
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.getByRole('status').filter({ hasText: 'Your documents are being reviewed' }).waitFor();
  });

  it('the reviewer approves the second submission, the first listed with its reason', async () => {
    await openSubmissionAsReviewer();
    await expectImagesLoaded(['front', 'back', 'selfie']);
    const earlier = page.getByRole('region', { name: 'Earlier submissions' });
    await expect.poll(() => earlier.textContent()).toContain(IDENTITY_REJECTION_REASON_LABELS.unreadable);
    expect(await earlier.textContent()).toContain(REJECTION_NOTE);

    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Approve ${LEGAL_NAME}` });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(IDENTITY_MESSAGES.approved).waitFor();
    await page.getByText(`Approved by ${admin.user.fullName}`).waitFor();
  });

  it('the person is verified at the Full level', async () => {
    await openFreshPage(VIEWPORTS.phone);
    await openSignedIn(page, person, '/user/verification');
    await page.getByRole('status').filter({ hasText: 'Your identity is verified' }).waitFor();
    const levels = page.getByRole('table', { name: 'What each verification level allows' });
    await expect.poll(() => levels.locator('tr[aria-current="true"]').textContent()).toContain('Full');
    expect(await page.getByRole('button', { name: 'Send for review' }).count()).toBe(0);
    await expectNoSideways();
    await snapshot(page, 'identity-verification-verified-phone');
  });
});
