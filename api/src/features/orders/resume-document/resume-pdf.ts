import type { ResumePayload } from '@shortlist/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { resumeBlocks } from './resume-blocks';

// US Letter with ¾-inch margins: fits A4 printers too. Everything an ATS needs is plain text in
// one column, set in Helvetica (a font every parser maps to Unicode), headings in capitals.
const PAGE: [number, number] = [612, 792];
const MARGIN = 54;
const WIDTH = PAGE[0] - 2 * MARGIN;
const SIZES = { name: 20, role: 12, heading: 12, body: 10 } as const;
const LEADING = 1.35;
const BULLET = '•';
const BULLET_INDENT = 12;

class Writer {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly charset: ReadonlySet<number>,
  ) {
    this.page = pdf.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  /** Helvetica's standard encoding has no glyph for many scripts: those become "?" not a crash. */
  private clean(text: string): string {
    return Array.from(text.replace(/[\t\r\n]+/g, ' '))
      .map((char) => (this.charset.has(char.codePointAt(0) ?? 0) ? char : '?'))
      .join('');
  }

  private room(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.pdf.addPage(PAGE);
      this.y = PAGE[1] - MARGIN;
    }
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of this.clean(text).split(/\s+/)) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (current !== '' && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(current);
        current = word;
      } else {
        current = candidate;
      }
    }
    if (current !== '') lines.push(current);
    return lines;
  }

  line(text: string, options: { bold?: boolean; size?: number; right?: string | null } = {}) {
    const size = options.size ?? SIZES.body;
    const font = options.bold === true ? this.bold : this.regular;
    const right = options.right ?? null;
    const rightWidth = right === null ? 0 : this.regular.widthOfTextAtSize(this.clean(right), size);
    const lines = this.wrap(text, font, size, WIDTH - (right === null ? 0 : rightWidth + 24));
    lines.forEach((part, index) => {
      this.room(size * LEADING);
      this.y -= size;
      this.page.drawText(part, { x: MARGIN, y: this.y, size, font });
      if (index === 0 && right !== null) {
        this.page.drawText(this.clean(right), {
          x: MARGIN + WIDTH - rightWidth,
          y: this.y,
          size,
          font: this.regular,
        });
      }
      this.y -= size * (LEADING - 1);
    });
  }

  bullet(text: string) {
    const size = SIZES.body;
    const lines = this.wrap(text, this.regular, size, WIDTH - BULLET_INDENT);
    lines.forEach((part, index) => {
      this.room(size * LEADING);
      this.y -= size;
      if (index === 0) {
        this.page.drawText(BULLET, { x: MARGIN, y: this.y, size, font: this.regular });
      }
      // Continuation lines stay indented under the text: a parser keeps them in the bullet.
      this.page.drawText(part, { x: MARGIN + BULLET_INDENT, y: this.y, size, font: this.regular });
      this.y -= size * (LEADING - 1);
    });
  }

  heading(text: string) {
    this.room(SIZES.heading * 3);
    this.y -= SIZES.heading * 0.8;
    this.line(text.toUpperCase(), { bold: true, size: SIZES.heading });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 2 },
      end: { x: MARGIN + WIDTH, y: this.y + 2 },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
    this.y -= 4;
  }

  gap(points = 4) {
    this.y -= points;
  }
}

/**
 * The builder's form (SPEC §3) as an ATS-friendly one-column PDF: the blocks of resume-blocks.ts
 * drawn top to bottom in Helvetica, dates right-aligned on their entry's line.
 */
export async function renderResumePdf(resume: ResumePayload): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${resume.personal.fullName} – Resume`);
  pdf.setCreator('Shortlist');
  pdf.setProducer('Shortlist');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const write = new Writer(pdf, regular, bold, new Set(regular.getCharacterSet()));
  for (const block of resumeBlocks(resume)) {
    switch (block.kind) {
      case 'name':
        write.line(block.text, { bold: true, size: SIZES.name });
        break;
      case 'role':
        write.line(block.text, { size: SIZES.role });
        break;
      case 'heading':
        write.heading(block.text);
        break;
      case 'line':
        write.line(block.text, { bold: block.bold, right: block.right });
        break;
      case 'bullet':
        write.bullet(block.text);
        break;
      case 'gap':
        write.gap();
        break;
    }
  }
  return pdf.save();
}
