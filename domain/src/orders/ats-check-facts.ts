import type { AtsReport } from '../ats';
import type { AtsCheckFacts } from './order.commands';

/**
 * The facts an order keeps of an ATS report: everything the reviewer reads, split so that what
 * the parser read from the person's file (text, fields, the checks' sentences) can be sealed.
 */
export function atsCheckFactsOf(report: AtsReport): AtsCheckFacts {
  return {
    score: report.score,
    kind: report.kind,
    pages: report.pages,
    words: report.words,
    checks: report.checks.map(({ id, title, status }) => ({ id, title, status })),
    // The match as the order records it; which keywords were required is the advert's, not kept.
    jobMatch:
      report.keywords === null
        ? null
        : {
            found: report.keywords.found,
            missing: report.keywords.missing,
            percent: report.keywords.percent,
          },
    limitations: report.limitations,
    checkMessages: report.checks.map((check) => check.message),
    extractedText: report.text,
    fields: report.fields,
  };
}
