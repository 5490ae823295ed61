/** A paragraph of plain sentences, or a link shown as its address. */
export type MailParagraph = string | { link: string };

export interface MailContent {
  subject: string;
  paragraphs: MailParagraph[];
}

export interface MailRecipient {
  fullName: string;
  antiPhishingCode: string | null;
}

export interface MailSender {
  firmName: string;
  supportEmail: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Every e-mail to a user, in plain text and simple HTML: the firm's name leads the subject, and the
 * user's anti-phishing code (or how to set one) opens the message, so a forged e-mail can be told
 * apart. This is the one place both are written.
 */
export function renderUserMail(content: MailContent, to: MailRecipient, from: MailSender): RenderedMail {
  const codeLine = to.antiPhishingCode
    ? `Your anti-phishing code: ${to.antiPhishingCode}`
    : `You have not set an anti-phishing code. Set one under Settings, Security in your ${from.firmName} account, and every e-mail from us will show it.`;
  const paragraphs: MailParagraph[] = [
    codeLine,
    `Hello ${to.fullName},`,
    ...content.paragraphs,
    `${from.firmName} support: ${from.supportEmail}`,
  ];
  const text = paragraphs.map((paragraph) => (typeof paragraph === 'string' ? paragraph : paragraph.link));
  const html = paragraphs.map((paragraph, index) => {
    if (typeof paragraph !== 'string') {
      const link = escapeHtml(paragraph.link);
      return `<p><a href="${link}">${link}</a></p>`;
    }
    if (index === 0 && to.antiPhishingCode) {
      return `<p style="padding:8px 12px;border:1px solid #999;display:inline-block">Your anti-phishing code: <strong>${escapeHtml(to.antiPhishingCode)}</strong></p>`;
    }
    return `<p>${escapeHtml(paragraph)}</p>`;
  });
  return {
    subject: `${from.firmName}: ${content.subject}`,
    text: `${text.join('\n\n')}\n`,
    html: `<!doctype html>\n<html><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#111">\n${html.join('\n')}\n</body></html>\n`,
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
