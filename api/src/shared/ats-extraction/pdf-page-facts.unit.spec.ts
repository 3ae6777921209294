import type { AtsTextItem } from '@shortlist/domain';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract-pdf';
import { type DrawnMark, markDrawnBullets, withFontFacts } from './pdf-page-facts';

/*
 * What the operator list adds to a PDF's text: bold from the font's name, icon-font glyphs as
 * private-use characters, and list items where a bullet is drawn as a shape, not typed. The PDFs
 * are drawn here with pdf-lib, so each fact is visible in the code that plants it.
 */

const item = (text: string, x: number, y: number): AtsTextItem => ({
  text,
  x,
  y,
  width: text.length * 5,
  page: 1,
  fontSize: 10,
  fontName: 'g_d0_f1',
  bold: false,
});

describe('drawn bullets', () => {
  it('mark the text right of a small filled shape at a line start as a list item', async () => {
    const pdf = await PDFDocument.create();
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const page = pdf.addPage([612, 792]);
    page.drawText('Software Engineer, Acme', { x: 54, y: 700, size: 11, font: bold });
    const bullets = [
      'Built the refunds API in TypeScript.',
      'Cut p95 latency from 900 ms to 180 ms.',
    ];
    bullets.forEach((text, row) => {
      const y = 680 - row * 16;
      page.drawCircle({ x: 60, y: y + 3.5, size: 1.6, color: rgb(0, 0, 0) });
      page.drawText(text, { x: 68, y, size: 10, font: regular });
    });
    // Rating dots after a word are not bullets: text sits right before them.
    page.drawText('Python', { x: 54, y: 600, size: 10, font: regular });
    for (let dot = 0; dot < 5; dot++)
      page.drawCircle({ x: 92 + dot * 8, y: 603.5, size: 2, color: rgb(0, 0, 0) });
    const document = await extractPdf(Buffer.from(await pdf.save()));
    const listed = document.items
      .filter((entry) => entry.listItem === true)
      .map((entry) => entry.text);
    expect(listed).toEqual(bullets);
    const heading = document.items.find((entry) => entry.text === 'Software Engineer, Acme');
    expect(heading?.bold).toBe(true);
    expect(document.items.find((entry) => entry.text === 'Python')?.bold).toBe(false);
  });

  it('skip shapes with text before them on the line, or no text after them', () => {
    const items = [
      item('Python', 54, 100),
      item('Lead', 54, 200),
      item('a long line of text', 54, 300),
    ];
    const marks: DrawnMark[] = [
      { x: 90, y: 103, width: 3, height: 3 },
      { x: 300, y: 203, width: 3, height: 3 },
      { x: 44, y: 303, width: 3, height: 3 },
    ];
    markDrawnBullets(items, marks);
    expect(items.map((entry) => entry.listItem === true)).toEqual([false, false, true]);
  });
});

describe('font facts', () => {
  it('read weight from the font name and icons from an icon font', () => {
    expect(
      withFontFacts(item('Acme', 0, 0), { name: 'Inter-SemiBold', bold: true, icons: false }),
    ).toMatchObject({
      fontName: 'Inter-SemiBold',
      bold: true,
    });
    const icon = withFontFacts(item('I #', 0, 0), {
      name: 'FontAwesome5Free-Solid',
      bold: false,
      icons: true,
    });
    expect([...icon.text].map((char) => char.codePointAt(0))).toEqual([0xe049, 0x20, 0xe023]);
  });
});
