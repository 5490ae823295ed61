import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Headers and body of an .eml file, the body decoded from quoted-printable (soft breaks, =XX). */
function parseMail(raw: string): { to: string; subject: string; body: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) =>
    new RegExp(`^${name}: (.*)$`, 'im').exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';
  const body = rest
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return { to: header('To'), subject: header('Subject'), body };
}

async function mailsIn(outboxDir: string) {
  const names = await readdir(outboxDir).catch(() => []);
  // Named `<milliseconds>-<random>.eml`, so the name orders them by when they were written.
  const sorted = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    sorted.map(async (name) => parseMail(await readFile(path.join(outboxDir, name), 'utf8'))),
  );
}

/**
 * The newest e-mail to `address` whose subject contains `subject`, from the outbox of a server
 * running without SMTP_URL (each e-mail an .eml file under DATA_DIR/outbox); waits for it to arrive.
 * Servers sharing one database each deliver what they claim: give all their data directories.
 */
export async function mailFromOutbox(
  dataDir: string | readonly string[],
  { to, subject }: { to: string; subject: string },
): Promise<{ subject: string; body: string }> {
  const outboxDirs = (typeof dataDir === 'string' ? [dataDir] : dataDir).map((dir) =>
    path.join(dir, 'outbox'),
  );
  const find = async () =>
    (await Promise.all(outboxDirs.map(mailsIn)))
      .flat()
      .findLast((mail) => mail.to === to && mail.subject.includes(subject));
  // Polled by hand rather than with expect.poll, which works only inside a test: suites sign people
  // up in their beforeAll too.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = await find();
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} about "${subject}" within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The token of the newest confirmation link e-mailed to `email` (sign-up, e-mail change). */
export async function confirmationTokenFromOutbox(
  dataDir: string | readonly string[],
  email: string,
): Promise<string> {
  const mail = await mailFromOutbox(dataDir, { to: email, subject: 'Confirm your e-mail address' });
  const token = /\/confirm-email\?token=([\w-]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error(`no confirmation link in the e-mail to ${email}`);
  return token;
}
