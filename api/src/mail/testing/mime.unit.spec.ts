import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, findPart, parseMime } from './mime';

describe('test MIME reader', () => {
  it('decodes quoted-printable soft breaks and escapes', () => {
    expect(decodeQuotedPrintable('https://x.test/forgot?token=3D=\r\nabc =C3=BC')).toBe(
      'https://x.test/forgot?token=abc ü',
    );
  });

  it('joins adjacent encoded words without the folding white space between them', () => {
    const root = parseMime(
      'Subject: =?UTF-8?Q?Payment_received=3A_=E2=82=B9200_=28INR?=\r\n =?UTF-8?Q?=29?=\r\n\r\nx',
    );
    expect(root.headers.get('subject')).toBe('Payment received: ₹200 (INR)');
  });

  it('finds the parts of a multipart/alternative message', () => {
    const raw = [
      'Subject: =?UTF-8?Q?Caf=C3=A9?=',
      'Content-Type: multipart/alternative;',
      ' boundary="--b1"',
      '',
      '----b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'a=3Db',
      '----b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>hi</p>').toString('base64'),
      '----b1--',
      '',
    ].join('\r\n');
    const root = parseMime(raw);
    expect(root.headers.get('subject')).toBe('Café');
    expect(findPart(root, 'text/plain')?.body.trim()).toBe('a=b');
    expect(findPart(root, 'text/html')?.body).toBe('<p>hi</p>');
  });
});
