import type { ResumePayload } from '@shortlist/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

// US Letter with ¾-inch margins: fits A4 printers too. Everything an ATS needs is plain text in
// one column, set in Helvetica (a font every parser maps to Unicode), headings in capitals.
const PAGE: [number, number] = [612, 792];
const MARGIN = 54;
const WIDTH = PAGE[0] - 2 * MARGIN;
const SIZES = { name: 20, role: 12, heading: 12, body: 10 } as const;
const LEADING = 1.35;
const BULLET = '•';
const BULLET_INDENT = 12;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const given = (value: string | undefined) =>
  value !== undefined && value.trim() !== '' && value.trim().toUpperCase() !== 'N/A';

/** "2024-01" → "Jan 2024": the one date form the ATS check asks for. */
export function monthYear(value: string): string | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (match === null) return null;
  return `${MONTHS[Number(match[2]) - 1] ?? ''} ${match[1]}`;
}

/** "Jan 2020 – Present"; an N/A end is an ongoing job, an N/A start leaves the dates out. */
export function dateRange(start: string, end: string): string | null {
  const from = monthYear(start);
  if (from === null) return null;
  return `${from} – ${monthYear(end) ?? 'Present'}`;
}

/** The builder's multi-line text as bullet points: one per line, else one per sentence. */
export function bulletsOf(text: string): string[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[•\-–*·]\s*/u, '').trim())
    .filter((line) => line !== '');
  if (lines.length > 1) return lines;
  return (lines[0] ?? '')
    .split(/(?<=[.!?])\s+(?=\p{Lu})/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

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
 * The builder's form (SPEC §3) as an ATS-friendly one-column PDF: name, contact line, then
 * Summary, Experience, Education, Skills, Projects, Certifications and Languages under standard
 * headings, most recent job first as entered, dates as "Jan 2020 – Present", bullets for duties.
 */
export async function renderResumePdf(resume: ResumePayload): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${resume.personal.fullName} – Resume`);
  pdf.setCreator('Shortlist');
  pdf.setProducer('Shortlist');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const write = new Writer(pdf, regular, bold, new Set(regular.getCharacterSet()));
  const { personal } = resume;

  write.line(personal.fullName, { bold: true, size: SIZES.name });
  const role = resume.targetRoles[0];
  if (given(role)) write.line(role ?? '', { size: SIZES.role });
  write.line([personal.email, personal.phone, personal.address].filter(given).join(' | '));
  const links = [personal.linkedin, personal.github].filter(given);
  if (links.length > 0) write.line(links.join(' | '));

  if (given(resume.summary)) {
    write.heading('Summary');
    write.line(resume.summary);
  }

  write.heading('Experience');
  resume.work.forEach((job, index) => {
    if (index > 0) write.gap();
    write.line([job.jobTitle, job.company].filter(given).join(' | '), {
      bold: true,
      right: dateRange(job.start, job.end),
    });
    if (given(job.location)) write.line(job.location);
    for (const duty of bulletsOf(job.responsibilities)) write.bullet(duty);
  });

  write.heading('Education');
  resume.edu.forEach((entry, index) => {
    if (index > 0) write.gap();
    const major = given(entry.major) ? ` in ${entry.major}` : '';
    write.line([`${entry.degree}${major}`, entry.institution].filter(given).join(' | '), {
      bold: true,
      right: dateRange(entry.start, entry.end),
    });
    if (given(entry.location)) write.line(entry.location);
  });

  write.heading('Skills');
  if (given(resume.skills.techSkills))
    write.line(`Technical: ${oneLine(resume.skills.techSkills)}`);
  if (given(resume.skills.softSkills))
    write.line(`Soft skills: ${oneLine(resume.skills.softSkills)}`);

  const projects = resume.projects.filter((project) => given(project.name));
  if (projects.length > 0) {
    write.heading('Projects');
    projects.forEach((project, index) => {
      if (index > 0) write.gap();
      write.line([project.name, project.role].filter(given).join(' | '), { bold: true });
      if (given(project.tech)) write.line(`Technologies: ${project.tech}`);
      for (const point of bulletsOf(project.desc)) write.bullet(point);
      if (given(project.link)) write.line(project.link);
    });
  }

  const certs = resume.certs.filter((cert) => given(cert.name));
  if (certs.length > 0) {
    write.heading('Certifications');
    for (const cert of certs) {
      write.line([cert.name, cert.org].filter(given).join(' | '), { right: monthYear(cert.date) });
    }
  }

  const langs = resume.langs.filter((lang) => given(lang.name));
  if (langs.length > 0) {
    write.heading('Languages');
    write.line(langs.map((lang) => `${lang.name} (${lang.level})`).join(', '));
  }

  return pdf.save();
}

function oneLine(text: string): string {
  return text
    .split(/\r?\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}
