import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AtsDocument } from './ats-document';
import { type AtsReport, checkResume } from './check-resume';
import { CLEAN_RESUME, type FixtureLine, layoutDocument } from './resume-layout.fixture';

const statusOf = (report: AtsReport, id: string) =>
  report.checks.find((check) => check.id === id)?.status;

/** The clean resume with some lines replaced: `edit` returns the new line(s) for a text. */
function variant(edit: (line: FixtureLine) => FixtureLine | FixtureLine[] | null): FixtureLine[] {
  return CLEAN_RESUME.flatMap((line) => edit(line) ?? []);
}

const same = (line: FixtureLine) => line;

describe('checkResume on a clean one-column resume', () => {
  const report = checkResume(layoutDocument(CLEAN_RESUME));

  it('passes every check and scores 100', () => {
    expect(report.checks.map((check) => [check.id, check.status])).toEqual([
      ['text-layer', 'pass'],
      ['fields', 'pass'],
      ['contact', 'pass'],
      ['headings', 'pass'],
      ['dates', 'pass'],
      ['chronology', 'pass'],
      ['layout', 'pass'],
      ['header-footer', 'pass'],
      ['images', 'pass'],
      ['symbols', 'pass'],
      ['length', 'pass'],
      ['bullets', 'pass'],
    ]);
    expect(report.score).toBe(100);
    expect(report.pages).toBe(1);
  });

  it('fills the fields an ATS would, by their features', () => {
    expect(report.fields).toEqual({
      name: 'Asha Rao',
      email: 'asha.rao@example.com',
      phone: '+91 98765 43210',
      location: 'Pune, India',
      linkedin: 'linkedin.com/in/asharao',
      jobs: [
        {
          title: 'Senior Software Engineer',
          company: 'Acme Payments Pvt Ltd',
          dates: 'Jan 2021 – Present',
        },
        {
          title: 'Software Engineer',
          company: 'Globex Technologies',
          dates: 'Jun 2018 – Dec 2020',
        },
      ],
      education: [
        {
          degree: 'B.Tech in Computer Science',
          school: 'College of Engineering Pune',
          dates: 'Aug 2014 – May 2018',
        },
      ],
      skills: [
        'TypeScript',
        'Node.js',
        'PostgreSQL',
        'Docker',
        'Event sourcing',
        'REST APIs',
        'Kubernetes',
        'Communication',
        'Mentoring',
        'Code review',
        'Incident response',
        'Technical writing',
        'Hiring',
      ],
    });
    expect(report.sections.map((section) => section.kind)).toEqual([
      'summary',
      'experience',
      'education',
      'skills',
      'projects',
      'certifications',
    ]);
  });

  it('shows the text in reading order, right-aligned dates on their line', () => {
    expect(report.text.split('\n').slice(0, 3)).toEqual([
      'Asha Rao',
      'asha.rao@example.com | +91 98765 43210 | Pune, India',
      'linkedin.com/in/asharao',
    ]);
    expect(report.text).toContain(
      'Senior Software Engineer | Acme Payments Pvt Ltd   Jan 2021 – Present',
    );
  });
});

describe('each defect fails the check that names it', () => {
  it('an image-only file fails the text layer and scores 0', () => {
    const document: AtsDocument = { ...layoutDocument([]), images: 1 };
    const report = checkResume(document);
    expect(statusOf(report, 'text-layer')).toBe('fail');
    expect(report.checks[0]?.message).toBe(
      'The file holds only images of text, so an ATS reads nothing: export it from your editor as a text PDF or DOCX instead of scanning or saving as a picture.',
    );
    expect(report.score).toBe(0);
  });

  it('a two-column layout fails the layout check', () => {
    const sidebar = ['SKILLS', 'TypeScript', 'PostgreSQL', 'Docker', 'Kubernetes', 'LANGUAGES'];
    let row = 0;
    const lines = variant((line) =>
      line.text.startsWith('•')
        ? { text: sidebar[row++ % sidebar.length] ?? '', right: line.text }
        : line,
    );
    const report = checkResume(layoutDocument(lines));
    expect(statusOf(report, 'layout')).toBe('fail');
    expect(report.checks.find((check) => check.id === 'layout')?.message).toBe(
      'Text sits side by side in columns or a table, so an ATS reads across them and mixes the lines: use a single column.',
    );
  });

  it('a declared table fails the layout check', () => {
    const report = checkResume({ ...layoutDocument(CLEAN_RESUME), tables: 2 });
    expect(statusOf(report, 'layout')).toBe('fail');
  });

  it('contact details repeated in the page header of every page fail the header check', () => {
    const document = layoutDocument([...CLEAN_RESUME, ...CLEAN_RESUME.slice(3)]);
    expect(document.pages.length).toBe(2);
    const contact = document.items[1] as AtsDocument['items'][number];
    const headers = [1, 2].map((page) => ({ ...contact, y: 18, page }));
    const report = checkResume({
      ...document,
      items: [...headers, ...document.items.filter((item) => item !== contact)],
    });
    expect(report.checks.find((check) => check.id === 'header-footer')).toEqual({
      id: 'header-footer',
      title: 'Headers and footers',
      status: 'fail',
      message:
        'Contact details sit in the page header or footer, repeated on every page (“asha.rao@example.com | +91 98765 43210 | Pune, India”), which many ATS skip: move them into the body under your name.',
    });
  });

  it('a missing e-mail and phone fail the contact check and say what is missing', () => {
    const lines = variant((line) =>
      line.text.includes('@') ? { text: 'Pune, India' } : same(line),
    );
    const report = checkResume(layoutDocument(lines));
    const contact = report.checks.find((check) => check.id === 'contact');
    expect(contact?.status).toBe('fail');
    expect(contact?.message).toBe(
      'No e-mail or phone number was found with your contact details: add it as plain text near the top, not in a header, icon or image.',
    );
    expect(report.checks[0]?.id).toBe('contact');
  });

  it('a missing job title and company is the first thing to fix', () => {
    const lines = variant((line) =>
      line.text.startsWith('Software Engineer |') ? { text: line.right ?? '' } : line,
    );
    const report = checkResume(layoutDocument(lines));
    expect(report.checks[0]).toEqual({
      id: 'fields',
      title: 'Fields an ATS fills',
      status: 'fail',
      message:
        'The parser could not find a job title or a company: put each on its own line under a standard heading, with your name alone on the first line.',
    });
  });

  it('jobs in the wrong order fail the chronology check', () => {
    const lines = variant((line) =>
      line.right === 'Jan 2021 – Present' ? { ...line, right: 'Jan 2015 – Dec 2016' } : line,
    );
    expect(statusOf(checkResume(layoutDocument(lines)), 'chronology')).toBe('fail');
  });

  it('mixed date forms warn, unparseable ones fail', () => {
    const mixed = variant((line) =>
      line.right === 'Jun 2018 – Dec 2020' ? { ...line, right: '06/2018 – 12/2020' } : line,
    );
    const report = checkResume(layoutDocument(mixed));
    expect(report.checks.find((check) => check.id === 'dates')?.message).toBe(
      'Dates are written in 2 forms (Jan 2020 or 01/2020): pick one, e.g. “Jan 2020”, and use it everywhere.',
    );
    const odd = variant((line) =>
      line.right === 'Jun 2018 – Dec 2020' ? { ...line, right: "Summer '18 – 2020" } : line,
    );
    expect(statusOf(checkResume(layoutDocument(odd)), 'dates')).toBe('fail');
  });

  it('non-standard headings warn; missing essentials fail', () => {
    const renamed = variant((line) =>
      line.text === 'PROJECTS' ? { ...line, text: 'THINGS I MADE' } : line,
    );
    expect(checkResume(layoutDocument(renamed)).checks.find((c) => c.id === 'headings')).toEqual({
      id: 'headings',
      title: 'Section headings',
      status: 'warn',
      message:
        'An ATS does not know the heading “THINGS I MADE”: rename it to a standard one such as Experience, Projects or Skills.',
    });
    const missing = variant((line) =>
      line.text === 'EDUCATION' || line.text === 'SKILLS' ? { ...line, text: 'MORE' } : line,
    );
    expect(statusOf(checkResume(layoutDocument(missing)), 'headings')).toBe('fail');
  });

  it('icon-font glyphs fail the symbols check; decorative symbols warn', () => {
    const icons = variant((line) =>
      line.text.includes('@') ? { text: `\uf0e0 ${line.text}` } : line,
    );
    expect(statusOf(checkResume(layoutDocument(icons)), 'symbols')).toBe('fail');
    const stars = variant((line) =>
      line.text.startsWith('•') ? { text: `★ ${line.text.slice(2)}` } : line,
    );
    expect(statusOf(checkResume(layoutDocument(stars)), 'symbols')).toBe('warn');
  });

  it('experience written as paragraphs fails the bullet check', () => {
    // Each job's bullets run together into one paragraph that wraps from line to line.
    const prose = variant((line) => {
      if (!line.text.startsWith('•')) return line;
      const words = line.text.slice(2).replace(/\.$/u, ',').split(' ');
      return [
        { text: words.slice(0, 11).join(' ') },
        { text: words.slice(11).join(' ').toLowerCase() },
      ];
    });
    expect(statusOf(checkResume(layoutDocument(prose)), 'bullets')).toBe('fail');
  });

  it('a thin resume fails the length check', () => {
    const report = checkResume(layoutDocument(CLEAN_RESUME.slice(0, 12)));
    expect(statusOf(report, 'length')).toBe('fail');
  });
});

describe('the job description match', () => {
  const jd = [
    'Senior Backend Engineer',
    'You will build payment APIs in TypeScript on PostgreSQL and run them on Kubernetes.',
    'Requirements: TypeScript, PostgreSQL, Kafka, Terraform, GraphQL.',
    'Experience with Kafka and GraphQL at scale.',
  ].join('\n');

  it('finds the planted keywords the resume has and lists the ones it lacks', () => {
    const report = checkResume(layoutDocument(CLEAN_RESUME), { jobDescription: jd });
    expect(report.keywords?.found).toEqual(
      expect.arrayContaining(['TypeScript', 'PostgreSQL', 'Kubernetes']),
    );
    expect(report.keywords?.missing).toEqual(
      expect.arrayContaining(['Kafka', 'GraphQL', 'Terraform']),
    );
    expect(report.keywords?.percent).toBe(
      Math.round(
        (100 * (report.keywords?.found.length ?? 0)) /
          ((report.keywords?.found.length ?? 0) + (report.keywords?.missing.length ?? 0)),
      ),
    );
  });

  it('scores 100 % once the missing keywords are added', () => {
    const before = checkResume(layoutDocument(CLEAN_RESUME), { jobDescription: jd });
    const lines = [...CLEAN_RESUME, { text: (before.keywords?.missing ?? []).join(', ') }];
    const after = checkResume(layoutDocument(lines), { jobDescription: jd });
    expect(after.keywords?.percent).toBe(100);
    expect(after.score).toBeGreaterThan(before.score);
  });
});

describe('properties', () => {
  const anyLine = fc.record({
    text: fc.string({ maxLength: 80 }),
    bold: fc.boolean(),
    size: fc.integer({ min: 6, max: 24 }),
    right: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
  });

  it('the score is an integer within 0–100 for any text', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 60 }), fc.option(fc.string()), (lines, jd) => {
        const report = checkResume(layoutDocument(lines), { jobDescription: jd });
        expect(Number.isInteger(report.score)).toBe(true);
        expect(report.score).toBeGreaterThanOrEqual(0);
        expect(report.score).toBeLessThanOrEqual(100);
      }),
      { numRuns: 200 },
    );
  });

  // The clean resume cut into its sections: heading index → the lines up to the next heading.
  const headings = CLEAN_RESUME.flatMap((line, index) =>
    /^[A-Z]{4,}$/.test(line.text) ? [index] : [],
  );
  const sections = headings.map((start, at) =>
    CLEAN_RESUME.slice(start, headings[at + 1] ?? CLEAN_RESUME.length),
  );
  const profile = CLEAN_RESUME.slice(0, headings[0]);

  it('adding a missing section back never lowers the score', () => {
    fc.assert(
      fc.property(fc.subarray(sections.map((_, index) => index)), fc.nat(), (kept, pick) => {
        const absent = sections.map((_, index) => index).filter((index) => !kept.includes(index));
        fc.pre(absent.length > 0);
        const added = absent[pick % absent.length] as number;
        const build = (indexes: number[]) =>
          layoutDocument([
            ...profile,
            ...[...indexes].sort((a, b) => a - b).flatMap((index) => sections[index] ?? []),
          ]);
        const before = checkResume(build(kept)).score;
        const after = checkResume(build([...kept, added])).score;
        expect(after).toBeGreaterThanOrEqual(before);
      }),
      { numRuns: 100 },
    );
  });

  it('checks come worst first', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 30 }), (lines) => {
        const order = { fail: 0, warn: 1, pass: 2 };
        const ranks = checkResume(layoutDocument(lines)).checks.map((c) => order[c.status]);
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      }),
      { numRuns: 100 },
    );
  });
});
