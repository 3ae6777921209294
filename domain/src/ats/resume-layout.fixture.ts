// Test fixtures only: resumes described line by line, laid out as an extractor would hand them
// over (one item per line, Helvetica-like widths), so the checks can be tested without a file.
import type { AtsDocument, AtsTextItem } from './ats-document';

export interface FixtureLine {
  text: string;
  bold?: boolean;
  size?: number;
  /** A second cell on the same line at x = 400 (right-aligned dates, or a second column). */
  right?: string;
}

const PAGE = { width: 612, height: 792 } as const;
const TOP = 60;
const LINE_GAP = 4;
const LEFT = 54;

export function layoutDocument(lines: readonly FixtureLine[]): AtsDocument {
  const items: AtsTextItem[] = [];
  let y = TOP;
  let page = 1;
  for (const line of lines) {
    const size = line.size ?? 10;
    if (y + size > PAGE.height - TOP) {
      page += 1;
      y = TOP;
    }
    const font = line.bold === true ? 'F-bold' : 'F-regular';
    items.push(item(line.text, LEFT, y, page, size, font));
    if (line.right !== undefined) items.push(item(line.right, 400, y, page, size, font));
    y += size + LINE_GAP;
  }
  return {
    kind: 'pdf',
    pages: Array.from({ length: page }, () => PAGE),
    items,
    images: 0,
    tables: 0,
    positioned: true,
    limitations: [],
  };
}

function item(text: string, x: number, y: number, page: number, size: number, font: string) {
  return {
    text,
    x,
    y,
    width: text.length * size * 0.5,
    page,
    fontSize: size,
    fontName: font,
    bold: false,
  };
}

/** A clean one-column resume: every check passes. */
export const CLEAN_RESUME: readonly FixtureLine[] = [
  { text: 'Asha Rao', bold: true, size: 20 },
  { text: 'asha.rao@example.com | +91 98765 43210 | Pune, India' },
  { text: 'linkedin.com/in/asharao' },
  { text: 'SUMMARY', bold: true, size: 12 },
  {
    text: 'Backend engineer with six years of building payment systems in TypeScript and PostgreSQL',
  },
  {
    text: 'for fintech products used by millions of customers across India. Known for calm incident',
  },
  {
    text: 'handling, clear design documents and for growing engineers into owners of their services.',
  },
  { text: 'EXPERIENCE', bold: true, size: 12 },
  {
    text: 'Senior Software Engineer | Acme Payments Pvt Ltd',
    bold: true,
    right: 'Jan 2021 – Present',
  },
  {
    text: '• Led the move of the ledger service to event sourcing, cutting reconciliation time by 80 percent.',
  },
  {
    text: '• Built the refunds API in TypeScript and Node.js handling two million requests a day.',
  },
  {
    text: '• Partnered with finance and compliance to automate RBI settlement reports every morning.',
  },
  {
    text: '• Mentored four engineers and ran the weekly architecture review for the payments team.',
  },
  {
    text: '• Introduced idempotency keys across the checkout flow, ending duplicate charges after retries.',
  },
  {
    text: '• Cut the p95 latency of the authorisation path from 900 ms to 180 ms by reworking queries.',
  },
  { text: 'Software Engineer | Globex Technologies', bold: true, right: 'Jun 2018 – Dec 2020' },
  {
    text: '• Designed PostgreSQL schemas and migrations for the billing platform serving 300 merchants.',
  },
  {
    text: '• Wrote integration tests that caught regressions before release and cut incidents by half.',
  },
  {
    text: '• Ran the on-call rota for billing and wrote the runbooks the support team still uses today.',
  },
  {
    text: '• Automated deployments with Docker and GitHub Actions, shortening releases from days to hours.',
  },
  {
    text: '• Moved nightly invoice generation to a queue, so month-end runs finish in minutes not hours.',
  },
  { text: 'EDUCATION', bold: true, size: 12 },
  {
    text: 'B.Tech in Computer Science | College of Engineering Pune',
    right: 'Aug 2014 – May 2018',
  },
  {
    text: 'Final-year project on fraud detection in card payments; graduated with first class honours.',
  },
  { text: 'SKILLS', bold: true, size: 12 },
  { text: 'TypeScript, Node.js, PostgreSQL, Docker, Event sourcing, REST APIs, Kubernetes' },
  { text: 'Communication, Mentoring, Code review, Incident response, Technical writing, Hiring' },
  { text: 'PROJECTS', bold: true, size: 12 },
  {
    text: 'Open ledger | an open-source double-entry ledger in TypeScript with 400 stars on GitHub',
  },
  {
    text: 'Rate limiter | a Redis-backed sliding window limiter used by three public APIs at Acme',
  },
  { text: 'CERTIFICATIONS', bold: true, size: 12 },
  { text: 'AWS Certified Developer – Associate | Amazon Web Services', right: 'Mar 2022' },
];
