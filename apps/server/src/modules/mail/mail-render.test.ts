import { describe, expect, it } from 'vitest';
import { networkOf } from './mail.service.ts';
import { renderUserMail } from './mail-render.ts';

const FROM = { firmName: 'Smith & Sons <Capital>', supportEmail: 'help@example.com' };

describe('renderUserMail', () => {
  it('opens with the anti-phishing code and escapes everything that reaches the HTML', () => {
    const mail = renderUserMail(
      {
        subject: 'Withdrawal declined',
        paragraphs: ['Reason: <script>alert("x")</script> & more', { link: 'https://a.example/x?y="1"' }],
      },
      { fullName: 'Ada <b>Lovelace</b>', antiPhishingCode: 'Blue falcon-7' },
      FROM,
    );
    expect(mail.subject).toBe('Smith & Sons <Capital>: Withdrawal declined');
    expect(mail.text).toBe(
      `${[
        'Your anti-phishing code: Blue falcon-7',
        'Hello Ada <b>Lovelace</b>,',
        'Reason: <script>alert("x")</script> & more',
        'https://a.example/x?y="1"',
        'Smith & Sons <Capital> support: help@example.com',
      ].join('\n\n')}\n`,
    );
    expect(mail.html).toContain('Your anti-phishing code: <strong>Blue falcon-7</strong>');
    expect(mail.html).toContain('<p>Hello Ada &lt;b&gt;Lovelace&lt;/b&gt;,</p>');
    expect(mail.html).toContain(
      '<p>Reason: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</p>',
    );
    expect(mail.html).toContain(
      '<a href="https://a.example/x?y=&quot;1&quot;">https://a.example/x?y=&quot;1&quot;</a>',
    );
    expect(mail.html).toContain('<p>Smith &amp; Sons &lt;Capital&gt; support: help@example.com</p>');
    expect(mail.html).not.toContain('<script>');
  });

  it('says how to set a code when there is none', () => {
    const mail = renderUserMail(
      { subject: 'Deposit approved', paragraphs: ['Your deposit was approved.'] },
      { fullName: 'Ada Lovelace', antiPhishingCode: null },
      { firmName: 'Vestora', supportEmail: 'help@example.com' },
    );
    expect(mail.text.split('\n\n')[0]).toBe(
      'You have not set an anti-phishing code. Set one under Settings, Security in your Vestora account, and every e-mail from us will show it.',
    );
    expect(mail.html).not.toContain('<strong>');
  });
});

describe('networkOf', () => {
  it('keeps an IPv4 address, unwraps a mapped one, and reduces IPv6 to its /64', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:7:8::10')).toBe('2001:0db8:0007:0008::/64');
    expect(networkOf('2001:0DB8:7:8:a:b:c:d')).toBe('2001:0db8:0007:0008::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(networkOf('::1')).toBe('0000:0000:0000:0000::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
  });
});
