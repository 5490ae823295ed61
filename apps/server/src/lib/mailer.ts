import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same message as simple HTML, for mail clients that show it. */
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Real SMTP when `smtpUrl` is set. Without it a self-hoster still sees every message: each one is
 * written as an .eml file under `outboxDir` and its path logged.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string; outboxDir: string },
  log: (line: string) => void,
): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const built = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, built.message as Buffer, { mode: 0o600 });
      log(`E-mail to ${mail.to} ("${mail.subject}") written to ${file}; set SMTP_URL to send e-mail.`);
    },
  };
}
