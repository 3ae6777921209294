import { describe, expect, it } from 'vitest';
import type { AtsDocument, AtsTextItem } from './ats-document';
import { type AtsReport, checkResume } from './check-resume';
import { CLEAN_RESUME, type FixtureLine, layoutDocument } from './resume-layout.fixture';

/*
 * Every message that says something is missing, beside the page that shows it is not: the cases
 * real resumes put in front of the check (soft hyphens, dates on two lines, drawn bullets,
 * "SKILLS & AWARDS", a DOI among the publications…). Each case fails if the claim is made.
 */

const checkOf = (report: AtsReport, id: string) => report.checks.find((check) => check.id === id);
const messageOf = (report: AtsReport, id: string) => checkOf(report, id)?.message ?? '';

/** The clean resume with some lines replaced: `edit` returns the new line(s) for a line. */
function variant(edit: (line: FixtureLine) => FixtureLine | FixtureLine[] | null): FixtureLine[] {
  return CLEAN_RESUME.flatMap((line) => edit(line) ?? []);
}

function item(text: string, x: number, y: number, extra: Partial<AtsTextItem> = {}): AtsTextItem {
  return {
    text,
    x,
    y,
    width: text.length * 5,
    page: 1,
    fontSize: 10,
    fontName: 'F-regular',
    bold: false,
    ...extra,
  };
}

const pdf = (items: AtsTextItem[], pages = 1): AtsDocument => ({
  kind: 'pdf',
  pages: Array.from({ length: pages }, () => ({ width: 612, height: 792 })),
  items,
  images: 0,
  tables: 0,
  positioned: true,
  limitations: [],
});

const CONTACT_LINE = 'asha.rao@example.com | +91 98765 43210 | Pune, India';

describe('"No location" is not said of a place the page shows', () => {
  it.each([
    'Mountain View, CA, USA',
    'Google HQ, Mountain View, CA, USA',
    'Mapo-gu, Seoul, Republic of Korea',
    '555 La Verne Way, La Verne, CA',
    '123 Main St, Anywhere, USA',
    'Austin, TX',
  ])('reads %s as the location', (place) => {
    const report = checkResume(
      layoutDocument(
        variant((line) =>
          line.text === CONTACT_LINE
            ? { text: `asha.rao@example.com | +91 98765 43210 | ${place}` }
            : line,
        ),
      ),
    );
    expect(report.fields.location).toBe(place);
    expect(messageOf(report, 'contact')).not.toMatch(/No .*location|location could not/u);
  });

  it('reads a street on its own line with the town below it', () => {
    const report = checkResume(
      layoutDocument(
        variant((line) =>
          line.text === CONTACT_LINE
            ? [{ text: '123 Gotham St' }, { text: 'Gotham, USA' }, { text: 'asha.rao@example.com' }]
            : line,
        ),
      ),
    );
    expect(report.fields.location).toBe('123 Gotham St, Gotham, USA');
  });

  it('quotes what it could not read as a place instead of calling it missing', () => {
    const report = checkResume(
      layoutDocument(
        variant((line) =>
          line.text === CONTACT_LINE
            ? [{ text: 'asha.rao@example.com | +91 98765 43210' }, { text: 'MyTown 1000' }]
            : line,
        ),
      ),
    );
    expect(report.fields.location).toBeNull();
    expect(checkOf(report, 'contact')).toEqual({
      id: 'contact',
      title: 'Contact details',
      status: 'warn',
      message:
        'Your location could not be read from “MyTown 1000”: write it as “City, Country” on one line.',
    });
  });

  it('says it when the contact details hold no place', () => {
    const report = checkResume(
      layoutDocument(
        variant((line) =>
          line.text === CONTACT_LINE ? { text: 'asha.rao@example.com | +91 98765 43210' } : line,
        ),
      ),
    );
    expect(messageOf(report, 'contact')).toBe(
      'No location (City, Country) was found with your contact details: add it as plain text near the top, not in a header, icon or image.',
    );
  });
});

describe('"No job has dates" is not said of dates the page shows', () => {
  const withDates = (first: string, second: string) =>
    variant((line) =>
      line.right === 'Jan 2021 – Present'
        ? { ...line, right: first }
        : line.right === 'Jun 2018 – Dec 2020'
          ? { ...line, right: second }
          : line,
    );

  it('reads a range whose dash is a soft hyphen (a drawn hyphen in a PDF)', () => {
    const report = checkResume(
      layoutDocument(withDates('Jan 2021 \u00AD Present', 'Jun 2018 \u00AD Dec 2020')),
    );
    expect(report.fields.jobs.map((job) => job.dates)).toEqual([
      'Jan 2021 - Present',
      'Jun 2018 - Dec 2020',
    ]);
    expect(messageOf(report, 'dates')).not.toMatch(/No job has dates/u);
  });

  it('reads a range whose dash the text layer dropped ("Sep. 2023 Mar. 2024")', () => {
    const report = checkResume(
      layoutDocument(withDates('Sep. 2023 Mar. 2024', 'Jun. 2018 Dec. 2020')),
    );
    expect(report.fields.jobs.map((job) => job.dates)).toEqual([
      'Sep. 2023 Mar. 2024',
      'Jun. 2018 Dec. 2020',
    ]);
  });

  it('reads U+2010–2015 dashes and seasons', () => {
    const report = checkResume(
      layoutDocument(withDates('Summer 2021 \u2015 Present', '06/2018\u201012/2020')),
    );
    expect(report.fields.jobs.map((job) => job.dates)).toEqual([
      'Summer 2021 — Present',
      '06/2018-12/2020',
    ]);
  });

  it('reads a range set on two lines in a gutter on the left ("2017 –" above "Present")', () => {
    const items = [
      item('Asha Rao', 100, 40, { fontSize: 20 }),
      item(CONTACT_LINE, 100, 70),
      item('Experience', 100, 100, { fontSize: 12, bold: true }),
      item('2017 –', 40, 120),
      item('Product Manager, Google, Mountain View, CA, USA', 100, 120, { bold: true }),
      item('Present', 40, 134),
      item('Leading cross-functional teams to design, develop, and launch products.', 100, 134),
      item('2012 – 2017', 40, 156),
      item('Software Engineer, Amazon, Seattle, WA, USA', 100, 156, { bold: true }),
      item('Led a team of developers in building scalable e-commerce applications.', 100, 170),
    ];
    const report = checkResume(pdf(items));
    expect(report.fields.jobs).toEqual([
      { title: 'Product Manager', company: 'Google', dates: '2017 – Present' },
      { title: 'Software Engineer', company: 'Amazon', dates: '2012 – 2017' },
    ]);
    expect(checkOf(report, 'dates')?.status).toBe('pass');
    expect(report.columns).toBe(1);
  });

  it('reads the dates beside the first bullet at the right edge', () => {
    const items = [
      item('Asha Rao', 100, 40, { fontSize: 20 }),
      item(CONTACT_LINE, 100, 70),
      item('Experience', 54, 100, { fontSize: 12, bold: true }),
      item('Nexus AI, Co-Founder & CTO', 54, 120, { bold: true }),
      item('San Francisco, CA', 480, 120),
      item('•', 60, 134),
      item('Built model infrastructure serving 2M+ monthly API requests', 70, 134),
      item('June 2023 – present', 470, 134),
      item('•', 60, 148),
      item('Raised a Series A led by Sequoia Capital with a16z', 70, 148),
    ];
    const report = checkResume(pdf(items));
    expect(report.fields.jobs).toEqual([
      { title: 'Co-Founder & CTO', company: 'Nexus AI', dates: 'June 2023 – present' },
    ]);
    expect(report.columns).toBe(1);
  });

  it('quotes dates it cannot read instead of calling them missing', () => {
    const report = checkResume(
      layoutDocument(withDates('Month 20XX – Ongoing', 'Month 20XX – Ongoing')),
    );
    expect(checkOf(report, 'dates')).toEqual({
      id: 'dates',
      title: 'Dates',
      status: 'warn',
      message:
        'The job dates could not be read from “Month 20XX – Ongoing”: give each job a start and an end, e.g. “Jan 2020 – Present”.',
    });
  });

  it('says it when no job has anything like a date', () => {
    const report = checkResume(
      layoutDocument(
        variant((line) =>
          line.right?.includes('20') && line.bold ? { ...line, right: undefined } : line,
        ),
      ),
    );
    expect(messageOf(report, 'dates')).toBe(
      'No job has dates an ATS can read: add a start and end to each, e.g. “Jan 2020 – Present”.',
    );
  });
});

describe('"No Skills heading" is not said of a heading that contains the word', () => {
  it.each(['SKILLS & AWARDS', 'Technical Skills', 'Core Competencies', 'STRENGTHS'])(
    'maps %s to the skills section',
    (heading) => {
      const report = checkResume(
        layoutDocument(
          variant((line) => (line.text === 'SKILLS' ? { ...line, text: heading } : line)),
        ),
      );
      expect(report.sections.map((section) => section.kind)).toContain('skills');
      expect(messageOf(report, 'headings')).not.toMatch(/No .*Skills/u);
    },
  );

  it('maps "Volunteer Experience" to volunteering and "Honors & Awards" to awards', () => {
    const report = checkResume(
      layoutDocument([
        ...CLEAN_RESUME,
        { text: 'VOLUNTEER EXPERIENCE', bold: true, size: 12 },
        { text: 'Teacher, CoderDojo', right: 'Jan 2012 – Jan 2013' },
        { text: 'HONORS & AWARDS', bold: true, size: 12 },
        { text: 'Dean’s List', right: '2014' },
      ]),
    );
    expect(report.sections.map((section) => section.kind).slice(-2)).toEqual([
      'volunteering',
      'awards',
    ]);
  });

  it('does not take the tagline under the name for a heading', () => {
    const report = checkResume(
      layoutDocument([
        CLEAN_RESUME[0] as FixtureLine,
        { text: 'SENIOR SOFTWARE ENGINEER', bold: true },
        ...CLEAN_RESUME.slice(1),
      ]),
    );
    expect(report.sections[0]?.kind).toBe('summary');
    expect(messageOf(report, 'headings')).not.toMatch(/SENIOR SOFTWARE ENGINEER/u);
  });
});

describe('"no bullet points" is not said of bullets the page shows', () => {
  const bare = (line: FixtureLine) =>
    line.text.startsWith('•') ? { ...line, text: line.text.slice(2) } : line;

  it('counts bullets drawn as shapes (the extractor marks the line as a list item)', () => {
    const document = layoutDocument(variant(bare));
    const bulleted = new Set(
      CLEAN_RESUME.filter((l) => l.text.startsWith('•')).map((l) => l.text.slice(2)),
    );
    const items = document.items.map((entry) =>
      bulleted.has(entry.text) ? { ...entry, listItem: true } : entry,
    );
    const report = checkResume({ ...document, items });
    expect(checkOf(report, 'bullets')?.status).toBe('pass');
  });

  it('softens to a warning when the lines read like a list without marks', () => {
    const report = checkResume(layoutDocument(variant(bare)));
    expect(checkOf(report, 'bullets')).toEqual({
      id: 'bullets',
      title: 'Bullet points',
      status: 'warn',
      message:
        'No bullet marks were read in your experience; if they are pictures, an ATS cannot see them either: type each achievement as a bullet (•).',
    });
  });

  it('says it of paragraphs that wrap from line to line', () => {
    const items = [
      item('Asha Rao', 54, 40, { fontSize: 20 }),
      item(CONTACT_LINE, 54, 70),
      item('EXPERIENCE', 54, 100, { fontSize: 12, bold: true }),
      item('Product Manager, Google', 54, 120, { bold: true }),
      item('Jan 2020 – Present', 470, 120),
      item('Leading cross-functional teams to design, develop, and launch innovative', 54, 134),
      item('products, making data-driven decisions to improve the user experience and', 54, 148),
      item('meet business goals.', 54, 162),
    ];
    expect(messageOf(checkResume(pdf(items)), 'bullets')).toBe(
      'Your experience has no bullet points, so an ATS sees one block of text: write each achievement as its own bullet.',
    );
  });
});

describe('"two columns" is said of columns, and only of columns', () => {
  it('a one-column page with dates on the right is one column', () => {
    const report = checkResume(layoutDocument(CLEAN_RESUME));
    expect(report.columns).toBe(1);
    expect(checkOf(report, 'layout')?.status).toBe('pass');
  });

  it('a page set in two columns is read column by column and says so', () => {
    const left = ['EXPERIENCE', 'Senior Software Engineer, Acme Payments', 'Jan 2021 – Present'];
    const bullets = CLEAN_RESUME.filter((line) => line.text.startsWith('•')).map((l) => l.text);
    const right = [
      'SKILLS',
      'TypeScript and Node.js',
      'PostgreSQL and Kafka',
      'Docker and Kubernetes',
    ];
    const items: AtsTextItem[] = [
      item('Asha Rao', 54, 40, { fontSize: 20 }),
      item(CONTACT_LINE, 54, 70),
      ...[...left, ...bullets.map((text) => text.slice(0, 55))].map((text, row) =>
        item(text, 54, 100 + row * 14, { bold: row === 0, fontSize: row === 0 ? 12 : 10 }),
      ),
      ...[...right, 'EDUCATION', 'B.Tech in Computer Science', 'College of Engineering Pune'].map(
        (text, row) =>
          item(text, 400, 100 + row * 14, {
            bold: row === 0 || row === 4,
            fontSize: row === 0 || row === 4 ? 12 : 10,
            width: Math.min(text.length * 5, 150),
          }),
      ),
    ];
    const report = checkResume(pdf(items));
    expect(report.columns).toBe(2);
    expect(report.text.split('\n').slice(2, 5)).toEqual(left);
    expect(report.sections.map((section) => section.kind)).toEqual([
      'experience',
      'skills',
      'education',
    ]);
    expect(checkOf(report, 'layout')).toEqual({
      id: 'layout',
      title: 'One-column layout',
      status: 'fail',
      message:
        'The page is set in 2 columns side by side. This check read each column top to bottom, but many ATS read straight across the page and mix the columns’ lines: use a single column.',
    });
    expect(checkOf(report, 'headings')?.status).not.toBe('fail');
  });
});

describe('"contact in the page header" is said only of a header that repeats', () => {
  it('body text near the top of a single page is not a header', () => {
    const document = layoutDocument(CLEAN_RESUME);
    const raised = document.items.map((entry, index) =>
      index < 2 ? { ...entry, y: 12 + index * 14 } : entry,
    );
    const report = checkResume({ ...document, items: raised });
    expect(checkOf(report, 'header-footer')?.status).toBe('pass');
  });
});

describe('"no phone" is not said of a phone the page shows; a DOI is never the phone', () => {
  it('reads "(909) 555-‐5555" written with a soft hyphen and U+2010', () => {
    const items = [
      item('Leo Leopard', 200, 40, { fontSize: 14, bold: true }),
      item('lleopard@laverne.edu', 200, 60),
      item('(909) 555', 200, 74),
      item('-\u00AD\u2010', 245, 74, { width: 4 }),
      item('5555', 249, 74),
      ...CLEAN_RESUME.slice(3).map((line, row) =>
        item(line.text, 54, 100 + row * 14, { bold: line.bold }),
      ),
    ];
    const report = checkResume(pdf(items));
    expect(report.fields.phone).toBe('(909) 555-5555');
    expect(messageOf(report, 'contact')).not.toMatch(/phone/u);
  });

  it('never takes a DOI, an ISBN or a date for the phone', () => {
    const report = checkResume(
      layoutDocument([
        ...variant((line) =>
          line.text === CONTACT_LINE ? { text: 'asha.rao@example.com | Pune, India' } : line,
        ),
        { text: 'PUBLICATIONS', bold: true, size: 12 },
        { text: 'Sparse Mixture-of-Experts at Scale', right: 'July 2023' },
        { text: '10.1234/neurips.2023.1234 (NeurIPS 2023)' },
        { text: 'ISBN 978-3-16-148410-0' },
      ]),
    );
    expect(report.fields.phone).toBeNull();
    expect(messageOf(report, 'contact')).toMatch(
      /^No phone number was found with your contact details/u,
    );
  });
});
