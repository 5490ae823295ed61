import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  IDENTITY_MESSAGES,
  IDENTITY_REJECTION_REASON_LABELS,
  type IdentityDocumentType,
  type IdentityImageSide,
  type IdentityReview,
  MESSAGES,
  permissionMissingMessage,
  STAFF_PERMISSION_LABELS,
  type StaffRole,
} from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import { multipart, TINY_PNG } from '../../../test/money.ts';
import {
  bearer,
  createMailbox,
  createTestApp,
  grantStaffRoles,
  login,
  signUpAndLogin,
  type TestApp,
  waitForMail,
  withTestApp,
} from '../../../test/test-app.ts';
import { systemClock } from '../../lib/clock.ts';
import { runHousekeeping } from '../housekeeping/housekeeping.service.ts';
import { documentKeyFrom, openImage } from './document-sealing.ts';
import { identityExportOf, MAX_UNCLAIMED_IMAGES, warnOfImagesUnderOtherKeys } from './identity.service.ts';
import { verificationLevelOf } from './verification-level.ts';

const clock = createTestClock();
const mailbox = createMailbox();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), {}, { clock, mailer: mailbox });

type Person = Awaited<ReturnType<typeof signUpAndLogin>>;

/** A photograph: a real PNG header, then bytes nobody could guess. */
function photo(): Buffer {
  return Buffer.concat([TINY_PNG, randomBytes(4096)]);
}

function upload(
  token: string,
  side: string,
  file: { content: Buffer; name?: string; type?: string } | null = { content: photo() },
) {
  const { payload, headers } = multipart(
    { side },
    file
      ? {
          field: 'image',
          name: file.name ?? 'photo.png',
          type: file.type ?? 'image/png',
          content: file.content,
        }
      : undefined,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/user/verification/images',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

async function uploaded(token: string, side: IdentityImageSide, content = photo()): Promise<string> {
  const response = await upload(token, side, { content });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().data.side).toBe(side);
  return response.json().data.id as string;
}

const DETAILS = {
  legalName: 'Ada King Lovelace',
  dateOfBirth: '1990-12-10',
  country: 'GB',
  address: '12 St James Square, London',
};

/** Uploads the images a document of `documentType` needs and names them in a submission. */
async function submissionFor(token: string, documentType: IdentityDocumentType = 'passport') {
  return {
    ...DETAILS,
    documentType,
    frontImageId: await uploaded(token, 'front'),
    ...(documentType === 'passport' ? {} : { backImageId: await uploaded(token, 'back') }),
    selfieImageId: await uploaded(token, 'selfie'),
  };
}

function submit(token: string, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/verification',
    payload: body,
    headers: bearer(token),
  });
}

async function submitted(person: Person, documentType: IdentityDocumentType = 'passport'): Promise<string> {
  const response = await submit(person.token, await submissionFor(person.token, documentType));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.submission.id as string;
}

async function staffMember(roles: readonly StaffRole[]): Promise<Person> {
  const person = await signUpAndLogin(t.app);
  await grantStaffRoles(t.app, person.input.userName, roles);
  return { ...person, ...(await login(t.app, person.input.userName, person.input.password)) };
}

function review(token: string, id: string) {
  return t.app.inject({ url: `/api/admin/verifications/${id}`, headers: bearer(token) });
}

function decide(token: string, id: string, decision: 'approve' | 'reject', body?: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/verifications/${id}/${decision}`,
    headers: bearer(token),
    ...(body ? { payload: body } : {}),
  });
}

async function reviewOf(token: string, id: string): Promise<IdentityReview> {
  const response = await review(token, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Opens a link from a review as a browser would: no session, the signature in the address. */
function open(url: string) {
  return t.app.inject({ url });
}

async function levelOf(userId: string) {
  const { rows } = await t.pool.query<{ is_verified: boolean }>(
    'select is_verified from users where id = $1',
    [userId],
  );
  return verificationLevelOf(t.db, { id: userId, isVerified: rows[0]?.is_verified ?? false });
}

async function notificationTitles(token: string): Promise<string[]> {
  const response = await t.app.inject({ url: '/api/user/notifications', headers: bearer(token) });
  return response.json().data.map((notification: { title: string }) => notification.title);
}

async function auditOf(action: string, targetId: string) {
  const { rows } = await t.pool.query<{ actor_id: string; before: unknown; after: Record<string, unknown> }>(
    'select actor_id, before, after from audit_log where action = $1 and target_id = $2 order by seq',
    [action, targetId],
  );
  return rows;
}

describe('submitting identity documents', () => {
  it('goes submit → pending → rejected with a reason → resubmitted → approved, told by e-mail and in the app at each step, the level none → full', async () => {
    const person = await signUpAndLogin(t.app);
    const reviewer = await staffMember(['compliance']);
    const email = person.input.email;
    expect(await levelOf(person.user._id)).toBe('none');
    const before = await t.app.inject({ url: '/api/user/verification', headers: bearer(person.token) });
    expect(before.json().data).toEqual({ level: 'none', submission: null, canSubmit: true });

    const first = await submit(person.token, await submissionFor(person.token, 'national_id'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      message: IDENTITY_MESSAGES.submitted,
      data: {
        level: 'none',
        canSubmit: false,
        submission: {
          status: 'pending',
          legalName: 'Ada King Lovelace',
          documentType: 'national_id',
          rejection: null,
        },
      },
    });
    const firstId = first.json().data.submission.id as string;
    await waitForMail(mailbox, email, /Identity documents received/);
    expect(await notificationTitles(person.token)).toContain('Identity documents received');

    const queue = await t.app.inject({ url: '/api/admin/verifications', headers: bearer(reviewer.token) });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.map((item: { id: string }) => item.id)).toContain(firstId);

    const rejected = await decide(reviewer.token, firstId, 'reject', {
      reason: 'unreadable',
      note: 'The photo of the back is blurred.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      message: IDENTITY_MESSAGES.rejected,
      data: {
        status: 'rejected',
        reviewerName: reviewer.user.fullName,
        rejection: { reason: 'unreadable', note: 'The photo of the back is blurred.' },
        mayDecide: false,
      },
    });
    const refusal = await waitForMail(mailbox, email, /were not approved/);
    expect(refusal.text).toContain(IDENTITY_REJECTION_REASON_LABELS.unreadable);
    expect(refusal.text).toContain("The reviewer's note: The photo of the back is blurred.");
    expect(refusal.text).toContain(`${t.config.publicUrl}/user/verification`);
    expect(await notificationTitles(person.token)).toContain('Your identity documents were not approved');
    expect(await auditOf('identity.reject', person.user._id)).toEqual([
      {
        actor_id: reviewer.user._id,
        before: { verificationId: firstId, status: 'pending' },
        after: {
          verificationId: firstId,
          status: 'rejected',
          reason: 'unreadable',
          note: 'The photo of the back is blurred.',
        },
      },
    ]);
    const afterRejection = await t.app.inject({
      url: '/api/user/verification',
      headers: bearer(person.token),
    });
    expect(afterRejection.json().data).toMatchObject({
      level: 'none',
      canSubmit: true,
      submission: {
        status: 'rejected',
        rejection: {
          reason: 'unreadable',
          reasonLabel: IDENTITY_REJECTION_REASON_LABELS.unreadable,
          note: 'The photo of the back is blurred.',
        },
      },
    });
    expect(await levelOf(person.user._id)).toBe('none');

    const secondId = await submitted(person, 'passport');
    const secondReview = await reviewOf(reviewer.token, secondId);
    expect(secondReview).toMatchObject({ status: 'pending', mayDecide: true, documentType: 'passport' });
    expect(secondReview.images.map((image) => image.side)).toEqual(['front', 'selfie']);
    expect(secondReview.history).toEqual([
      expect.objectContaining({
        id: firstId,
        status: 'rejected',
        rejection: expect.objectContaining({ reason: 'unreadable' }),
      }),
    ]);

    const approved = await decide(reviewer.token, secondId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: IDENTITY_MESSAGES.approved,
      data: { status: 'approved' },
    });
    const welcome = await waitForMail(mailbox, email, /Your identity is verified/);
    expect(welcome.text).toContain('highest daily and monthly limits');
    expect(await notificationTitles(person.token)).toContain('Your identity is verified');
    expect(await levelOf(person.user._id)).toBe('full');
    expect(await auditOf('identity.approve', person.user._id)).toEqual([
      {
        actor_id: reviewer.user._id,
        before: { verificationId: secondId, status: 'pending', isVerified: false },
        after: { verificationId: secondId, status: 'approved', isVerified: true, level: 'full' },
      },
    ]);
    const profile = await t.app.inject({
      url: `/api/user/userprofile/${person.user._id}`,
      headers: bearer(person.token),
    });
    expect(profile.json().data.isVerified).toBe(true);

    const moreImages = await upload(person.token, 'front');
    expect(moreImages.statusCode).toBe(409);
    expect(moreImages.json().message).toBe(IDENTITY_MESSAGES.alreadyApproved);
    const again = await submit(person.token, {
      ...DETAILS,
      documentType: 'passport',
      frontImageId: randomUUID(),
      selfieImageId: randomUUID(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(IDENTITY_MESSAGES.alreadyApproved);
  });

  it('the one-click "Verify User" makes the basic level, audited as a manual verification', async () => {
    const person = await signUpAndLogin(t.app);
    const verified = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/verifyUser/${person.user._id}`,
      headers: bearer(adminToken),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await levelOf(person.user._id)).toBe('basic');
    const [entry] = await auditOf('user.verify', person.user._id);
    expect(entry?.after).toMatchObject({ isVerified: true, level: 'basic', method: 'manual' });
  });

  it('makes exactly one submission of two sent at once', async () => {
    const person = await signUpAndLogin(t.app);
    const [one, other] = [await submissionFor(person.token), await submissionFor(person.token)];
    const answers = await Promise.all([submit(person.token, one), submit(person.token, other)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      IDENTITY_MESSAGES.alreadyPending,
    );
    const { rows } = await t.pool.query('select id from identity_verifications where user_id = $1', [
      person.user._id,
    ]);
    expect(rows).toHaveLength(1);
    // The refused submission's images stay unclaimed, to be swept.
    const unclaimed = await t.pool.query(
      'select id from identity_images where user_id = $1 and verification_id is null',
      [person.user._id],
    );
    expect(unclaimed.rows).toHaveLength(2);
  });

  it('replays a submission sent again with the same idempotency key; a new key is refused', async () => {
    const person = await signUpAndLogin(t.app);
    const body = await submissionFor(person.token);
    const send = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/verification',
        payload: body,
        headers: { ...bearer(person.token), 'idempotency-key': key },
      });
    const key = `identity-${randomUUID()}`;
    const first = await send(key);
    const retry = await send(key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const another = await send(`identity-${randomUUID()}`);
    expect(another.statusCode).toBe(409);
    expect(another.json().message).toBe(IDENTITY_MESSAGES.alreadyPending);
  });

  it('refuses someone under 18, by the injected clock', async () => {
    const person = await signUpAndLogin(t.app);
    const today = clock.now();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    const response = await submit(person.token, {
      ...(await submissionFor(person.token)),
      dateOfBirth: seventeen,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(IDENTITY_MESSAGES.tooYoung);
    const { rows } = await t.pool.query('select id from identity_verifications where user_id = $1', [
      person.user._id,
    ]);
    expect(rows).toEqual([]);
  });

  it("refuses another person's image, a used one, and one added for another side", async () => {
    const person = await signUpAndLogin(t.app);
    const stranger = await signUpAndLogin(t.app);
    const own = await submissionFor(person.token);
    const theirs = await uploaded(stranger.token, 'front');
    const cases: [object, string][] = [
      [{ ...own, frontImageId: theirs }, IDENTITY_MESSAGES.imageMissing],
      [{ ...own, frontImageId: randomUUID() }, IDENTITY_MESSAGES.imageMissing],
      [{ ...own, frontImageId: own.selfieImageId }, IDENTITY_MESSAGES.imageSideMismatch],
      [{ ...own, selfieImageId: own.frontImageId }, IDENTITY_MESSAGES.imageSideMismatch],
    ];
    for (const [body, message] of cases) {
      const response = await submit(person.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const strangerImage = await t.pool.query('select verification_id from identity_images where id = $1', [
      theirs,
    ]);
    expect(strangerImage.rows).toEqual([{ verification_id: null }]);

    expect((await submit(person.token, own)).statusCode).toBe(201);
    const other = await signUpAndLogin(t.app);
    const reused = await submit(other.token, {
      ...(await submissionFor(other.token)),
      frontImageId: own.frontImageId,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(IDENTITY_MESSAGES.imageMissing);
  });
});

describe('uploading an identity image', () => {
  it('refuses a PDF or an SVG named .png, an empty file and a missing one, by their bytes', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const content of [pdf, svg]) {
      const response = await upload(token, 'front', { content, name: 'passport.png', type: 'image/png' });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe(IDENTITY_MESSAGES.imageType);
    }
    const empty = await upload(token, 'front', { content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.fileEmpty);
    const missing = await upload(token, 'back', null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(IDENTITY_MESSAGES.backRequired);
    const noSide = await upload(token, 'cover');
    expect(noSide.statusCode).toBe(400);
    expect(noSide.json().message).toBe(IDENTITY_MESSAGES.sideInvalid);
    const { rows } = await t.pool.query('select id from identity_images where user_id = $1', [user._id]);
    expect(rows).toEqual([]);
  });

  it(`keeps at most ${MAX_UNCLAIMED_IMAGES} unsent images per person, also when they arrive at once`, async () => {
    const { token } = await signUpAndLogin(t.app);
    const answers = await Promise.all(
      Array.from({ length: MAX_UNCLAIMED_IMAGES + 3 }, () => upload(token, 'selfie')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_UNCLAIMED_IMAGES);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      IDENTITY_MESSAGES.tooManyImages,
    );
  });

  it('stores the image sealed: the bytes in the database are not the file, do not contain it, and open to it', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const content = photo();
    const id = await uploaded(token, 'front', content);
    const { rows } = await t.pool.query<{
      ciphertext: Buffer;
      nonce: Buffer;
      auth_tag: Buffer;
      key_id: string;
      mime_type: string;
      size_bytes: number;
    }>(
      'select ciphertext, nonce, auth_tag, key_id, mime_type, size_bytes from identity_images where id = $1',
      [id],
    );
    const row = rows[0];
    if (!row) throw new Error('the image was not stored');
    expect(row.ciphertext.equals(content)).toBe(false);
    expect(row.ciphertext.includes(content.subarray(0, 24))).toBe(false);
    expect(row.ciphertext.includes(content.subarray(2000, 2064))).toBe(false);
    expect(row).toMatchObject({
      key_id: t.app.documentKey.keyId,
      mime_type: 'image/png',
      size_bytes: content.length,
    });
    const opened = openImage(
      t.app.documentKey,
      { keyId: row.key_id, nonce: row.nonce, ciphertext: row.ciphertext, authTag: row.auth_tag },
      { imageId: id, userId: user._id },
    );
    expect(opened.equals(content)).toBe(true);
  });
});

describe('the reviewers', () => {
  it('two approving at once: one decision and one 409', async () => {
    const person = await signUpAndLogin(t.app);
    const id = await submitted(person);
    const [first, second] = [await staffMember(['compliance']), await staffMember(['compliance'])];
    const answers = await Promise.all([
      decide(first.token, id, 'approve'),
      decide(second.token, id, 'approve'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      IDENTITY_MESSAGES.notPending,
    );
    expect(await auditOf('identity.approve', person.user._id)).toHaveLength(1);
    const rejectLater = await decide(first.token, id, 'reject', { reason: 'expired' });
    expect(rejectLater.statusCode).toBe(409);
  });

  it('nobody decides their own submission', async () => {
    const reviewer = await staffMember(['compliance']);
    const id = await submitted(reviewer);
    expect((await reviewOf(reviewer.token, id)).mayDecide).toBe(false);
    for (const [decision, body] of [
      ['approve', undefined],
      ['reject', { reason: 'expired' }],
    ] as const) {
      const response = await decide(reviewer.token, id, decision, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(IDENTITY_MESSAGES.ownVerification);
    }
    expect((await reviewOf(reviewer.token, id)).status).toBe('pending');
  });

  it('a rejection needs a reason, and a note when the reason is "other"', async () => {
    const person = await signUpAndLogin(t.app);
    const id = await submitted(person);
    const reviewer = await staffMember(['compliance']);
    const noReason = await decide(reviewer.token, id, 'reject', {});
    expect(noReason.json().message).toBe(IDENTITY_MESSAGES.reasonRequired);
    const noNote = await decide(reviewer.token, id, 'reject', { reason: 'other', note: ' ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe(IDENTITY_MESSAGES.noteRequired);
    expect((await reviewOf(reviewer.token, id)).status).toBe('pending');
    const unknown = await decide(reviewer.token, randomUUID(), 'approve');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(IDENTITY_MESSAGES.verificationNotFound);
  });

  it('are staff with the compliance permission only', async () => {
    const person = await signUpAndLogin(t.app);
    const id = await submitted(person);
    const message = permissionMissingMessage(STAFF_PERMISSION_LABELS['identity.review']);
    for (const role of ['finance', 'support', 'auditor'] as const) {
      const staff = await staffMember([role]);
      for (const response of [
        await review(staff.token, id),
        await t.app.inject({ url: '/api/admin/verifications', headers: bearer(staff.token) }),
        await decide(staff.token, id, 'approve'),
      ]) {
        expect(response.statusCode, role).toBe(403);
        expect(response.json().message).toBe(message);
      }
    }
    const plain = await review(person.token, id);
    expect(plain.statusCode).toBe(403);
    expect(plain.json().message).toBe(MESSAGES.adminOnly);
  });

  it('list one status at a time, oldest first', async () => {
    const reviewer = await staffMember(['compliance']);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push(await submitted(await signUpAndLogin(t.app)));
    const pending = await t.app.inject({
      url: '/api/admin/verifications?status=pending',
      headers: bearer(reviewer.token),
    });
    const order = pending.json().data.map((item: { id: string }) => item.id) as string[];
    expect(order.filter((id) => ids.includes(id))).toEqual(ids);
    expect(pending.json()).toMatchObject({ page: 1, pageSize: 20 });
    await decide(reviewer.token, ids[1] ?? '', 'reject', { reason: 'selfie' });
    const rejected = await t.app.inject({
      url: '/api/admin/verifications?status=rejected',
      headers: bearer(reviewer.token),
    });
    expect(rejected.json().data.map((item: { id: string }) => item.id)).toContain(ids[1]);
    expect(rejected.json().data.every((item: { status: string }) => item.status === 'rejected')).toBe(true);
  });
});

describe('a document link', () => {
  it('opens the image for the reviewer it was signed for, for five minutes, each opening audited; refused otherwise', async () => {
    const person = await signUpAndLogin(t.app);
    const content = photo();
    const body = {
      ...(await submissionFor(person.token)),
      frontImageId: await uploaded(person.token, 'front', content),
    };
    const submittedAnswer = await submit(person.token, body);
    expect(submittedAnswer.statusCode).toBe(201);
    const id = submittedAnswer.json().data.submission.id as string;
    const reviewer = await staffMember(['compliance']);
    const colleague = await staffMember(['compliance']);
    const { images } = await reviewOf(reviewer.token, id);
    const front = images.find((image) => image.side === 'front');
    const selfie = images.find((image) => image.side === 'selfie');
    if (!front || !selfie) throw new Error('the review shows no front or selfie');
    expect(front.url).toMatch(
      new RegExp(
        `^/api/identity-documents/${body.frontImageId}\\?viewer=${reviewer.user._id}&expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );

    const opened = await open(front.url);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(content)).toBe(true);
    expect(opened.headers['content-type']).toBe('image/png');
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.headers['content-security-policy']).toContain('sandbox');
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    expect(await auditOf('identity.document.view', person.user._id)).toEqual([
      {
        actor_id: reviewer.user._id,
        before: null,
        after: { imageId: body.frontImageId, verificationId: id, side: 'front' },
      },
    ]);

    const refused = async (url: string, why: string) => {
      const response = await open(url);
      expect(response.statusCode, why).toBe(403);
      expect(response.json().message, why).toBe(IDENTITY_MESSAGES.documentLinkInvalid);
    };
    const query = new URL(front.url, 'http://vestora.test').searchParams;
    await refused(front.url.replace(body.frontImageId, body.selfieImageId), 'another document');
    await refused(front.url.replace(reviewer.user._id, colleague.user._id), 'another viewer');
    await refused(`/api/identity-documents/${body.frontImageId}`, 'no signature');
    await refused(front.url.replace(/signature=[0-9a-f]{4}/, 'signature=0000'), 'a forged signature');
    await refused(
      front.url.replace(`expires=${query.get('expires')}`, `expires=${Number(query.get('expires')) + 3600}`),
      'a longer life',
    );
    // Signed with another document key, as someone who read only the database might try.
    const otherKey = documentKeyFrom(randomBytes(32));
    const forged = createHmac('sha256', otherKey.linkKey)
      .update(`${body.frontImageId}.${reviewer.user._id}.${query.get('expires')}`)
      .digest('hex');
    await refused(front.url.replace(/signature=[0-9a-f]{64}/, `signature=${forged}`), 'another key');

    // A plain user with a session gets no further than anyone else without a signed link.
    const asUser = await t.app.inject({
      url: `/api/identity-documents/${body.frontImageId}`,
      headers: bearer(person.token),
    });
    expect(asUser.statusCode).toBe(403);
    // A finance staff member cannot get a link, nor use one made for a reviewer.
    const finance = await staffMember(['finance']);
    expect((await review(finance.token, id)).statusCode).toBe(403);
    await refused(front.url.replace(reviewer.user._id, finance.user._id), 'finance staff');

    // A reviewer whose role is taken away after the link was made can no longer open it.
    const leaving = await staffMember(['compliance']);
    const leavingLinks = (await reviewOf(leaving.token, id)).images;
    const leavingFront = leavingLinks.find((image) => image.side === 'front')?.url ?? '';
    expect((await open(leavingFront)).statusCode).toBe(200);
    await grantStaffRoles(t.app, leaving.input.userName, ['support']);
    await refused(leavingFront, 'role removed');
    // Nor one suspended since.
    const suspended = await staffMember(['compliance']);
    const suspendedFront = (await reviewOf(suspended.token, id)).images[0]?.url ?? '';
    await t.pool.query('update users set suspended = true where id = $1', [suspended.user._id]);
    await refused(suspendedFront, 'suspended');

    expect((await open(selfie.url)).statusCode).toBe(200);
    clock.advance(5 * 60_000 + 1000);
    await refused(selfie.url, 'expired');
    await refused(front.url, 'expired');

    const views = await auditOf('identity.document.view', person.user._id);
    expect(views.map((view) => [view.actor_id, view.after.side])).toEqual([
      [reviewer.user._id, 'front'],
      [leaving.user._id, 'front'],
      [reviewer.user._id, 'selfie'],
    ]);
  });

  it('under another key than the one that sealed it: the server starts, logs the setting to fix, and answers 503', async () => {
    const person = await signUpAndLogin(t.app);
    const id = await submitted(person);
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const rekeyed = await createTestApp(
      {
        logLevel: 'error',
        identityDocuments: { key: randomBytes(32), retentionMs: t.config.identityDocuments.retentionMs },
      },
      { sharedWith: t, logStream },
    );
    try {
      // What the server's start (main.ts) does once the migrations have run.
      expect(
        await warnOfImagesUnderOtherKeys(rekeyed.app.db, rekeyed.app.documentKey, rekeyed.app.log),
      ).toBeGreaterThan(0);
      expect(lines.join('')).toContain('set IDENTITY_DOCUMENTS_KEY to the key they were sealed with');
      const reviewer = await staffMember(['compliance']);
      const reviewerToken = (await login(rekeyed.app, reviewer.input.userName, reviewer.input.password))
        .token;
      const { images } = (
        await rekeyed.app.inject({ url: `/api/admin/verifications/${id}`, headers: bearer(reviewerToken) })
      ).json().data as IdentityReview;
      const response = await rekeyed.app.inject({ url: images[0]?.url ?? '' });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(IDENTITY_MESSAGES.documentKeyMismatch);
    } finally {
      await rekeyed.close();
    }
  });
});

describe('the data export of identity', () => {
  it('holds every submission with its reasons, and each image decrypted', async () => {
    const person = await signUpAndLogin(t.app);
    const front = photo();
    const body = {
      ...(await submissionFor(person.token)),
      frontImageId: await uploaded(person.token, 'front', front),
    };
    const id = (await submit(person.token, body)).json().data.submission.id as string;
    const reviewer = await staffMember(['compliance']);
    await decide(reviewer.token, id, 'reject', { reason: 'other', note: 'Glare over the name.' });
    await submitted(person);
    const exported = await identityExportOf({ db: t.db, documentKey: t.app.documentKey }, person.user._id);
    expect(exported.verifications).toHaveLength(2);
    expect(exported.verifications[0]).toMatchObject({
      id,
      status: 'rejected',
      legalName: 'Ada King Lovelace',
      rejectionReason: IDENTITY_REJECTION_REASON_LABELS.other,
      rejectionNote: 'Glare over the name.',
    });
    const day = new Date().toISOString().slice(0, 10);
    expect(exported.images.map((image) => image.fileName).sort()).toEqual(
      [
        `verification/${day}-front.png`,
        `verification/${day}-selfie.png`,
        `verification/${day}-2-front.png`,
        `verification/${day}-2-selfie.png`,
      ].sort(),
    );
    expect(
      exported.images
        .find((image) => image.fileName === `verification/${day}-front.png`)
        ?.content.equals(front),
    ).toBe(true);
  });
});

describe('retention', () => {
  it('deletes the documents and records of accounts closed longer ago than the retention, and nothing else', async () => {
    const closedLongAgo = await signUpAndLogin(t.app);
    const closedRecently = await signUpAndLogin(t.app);
    const active = await signUpAndLogin(t.app);
    const reviewer = await staffMember(['compliance']);
    const rejectedId = await submitted(closedLongAgo);
    await decide(reviewer.token, rejectedId, 'reject', { reason: 'expired' });
    await uploaded(closedLongAgo.token, 'front');
    await submitted(closedLongAgo, 'driving_licence');
    await submitted(closedRecently);
    const activeId = await submitted(active);
    await decide(reviewer.token, activeId, 'approve');

    for (const person of [closedLongAgo, closedRecently]) {
      const closed = await t.app.inject({
        method: 'POST',
        url: '/api/user/close',
        headers: bearer(person.token),
        payload: { password: person.input.password },
      });
      expect(closed.statusCode, closed.body).toBe(200);
    }
    const closedAt = await t.pool.query<{ closed_at: Date | null }>(
      'select closed_at from users where id = $1',
      [closedLongAgo.user._id],
    );
    expect(closedAt.rows[0]?.closed_at).toBeInstanceOf(Date);

    const retentionMs = t.config.identityDocuments.retentionMs;
    const sweepAt = createTestClock(new Date(Date.now() + retentionMs + 60_000));
    // The database stamps closures with its own clock, which cannot be moved: the second account
    // is written as closed a day before the sweep, well inside the retention.
    await t.pool.query('update users set closed_at = $2 where id = $1', [
      closedRecently.user._id,
      new Date(sweepAt.now().getTime() - 24 * 3_600_000),
    ]);
    const counts = async (userId: string) => {
      const { rows } = await t.pool.query<{ verifications: number; images: number; audit: number }>(
        `select (select count(*)::int from identity_verifications where user_id = $1) as verifications,
                (select count(*)::int from identity_images where user_id = $1) as images,
                (select count(*)::int from audit_log where target_id = $1::text) as audit`,
        [userId],
      );
      return rows[0];
    };
    const before = {
      long: await counts(closedLongAgo.user._id),
      recent: await counts(closedRecently.user._id),
      active: await counts(active.user._id),
    };
    expect(before.long).toMatchObject({ verifications: 2, images: 6 });

    const run = await runHousekeeping(t.db, t.config, sweepAt);
    expect(run.removed).toMatchObject({ identityVerifications: 2, identityImages: 6 });
    expect(await counts(closedLongAgo.user._id)).toEqual({
      verifications: 0,
      images: 0,
      audit: before.long?.audit,
    });
    expect(await counts(closedRecently.user._id)).toEqual(before.recent);
    expect(await counts(active.user._id)).toEqual(before.active);
    expect(await levelOf(active.user._id)).toBe('full');
    const { rows } = await t.pool.query('select status from users where id = $1', [closedLongAgo.user._id]);
    expect(rows).toEqual([{ status: 'deleted' }]);
  });

  it('deletes images never sent once they are a day old, and nothing newer or sent', async () => {
    const person = await signUpAndLogin(t.app);
    const stale = await uploaded(person.token, 'front');
    const fresh = await uploaded(person.token, 'selfie');
    const sentId = await submitted(person);
    await t.pool.query(`update identity_images set created_at = now() - interval '25 hours' where id = $1`, [
      stale,
    ]);
    await t.pool.query(
      `update identity_images set created_at = now() - interval '25 hours' where verification_id = $1`,
      [sentId],
    );
    const run = await runHousekeeping(t.db, t.config, systemClock);
    expect(run.removed.unclaimedIdentityImages).toBeGreaterThanOrEqual(1);
    const { rows } = await t.pool.query<{ id: string }>('select id from identity_images where user_id = $1', [
      person.user._id,
    ]);
    const left = rows.map((row) => row.id);
    expect(left).not.toContain(stale);
    expect(left).toContain(fresh);
    expect(left).toHaveLength(3);
  });
});
