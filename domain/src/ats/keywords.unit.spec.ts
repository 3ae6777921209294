import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractKeywords, matchKeywords, stem } from './keywords';

const JD = `Data Analyst (Bengaluru)
We are looking for a data analyst to join our growth team. You will own dashboards in Tableau and write SQL against our Snowflake warehouse.
Requirements:
- 3+ years of experience with SQL and Python
- Experience with A/B testing and stakeholder management
- Familiarity with dbt and Looker is a plus
You will present A/B testing results to stakeholders every week.`;

describe('keywords of a job description', () => {
  it('are its skills and technologies, never its place or the role’s title', () => {
    expect(extractKeywords(JD).map((keyword) => keyword.term)).toEqual([
      'A/B testing',
      'SQL',
      'stakeholder management',
      'Python',
      'dbt',
      'Looker',
      'Snowflake',
      'Tableau',
    ]);
  });

  it('match a resume word for word after plurals are folded', () => {
    const keywords = extractKeywords(JD);
    const match = matchKeywords(
      keywords,
      'Built Tableau dashboards; SQL and Python daily; ran A/B tests.',
    );
    expect(match.found).toEqual(['SQL', 'Python', 'Tableau']);
    expect(match.percent).toBe(38);
  });

  it('fold plurals', () => {
    expect([stem('stakeholders'), stem('companies'), stem('business'), stem('APIs')]).toEqual([
      'stakeholder',
      'company',
      'business',
      'api',
    ]);
  });

  it('a resume that adds a keyword never matches less', () => {
    const keywords = extractKeywords(JD);
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.nat(), (resume, pick) => {
        const term = keywords[pick % keywords.length]?.term ?? '';
        const before = matchKeywords(keywords, resume).percent ?? 0;
        const after = matchKeywords(keywords, `${resume}\n${term}`).percent ?? 0;
        expect(after).toBeGreaterThanOrEqual(before);
      }),
    );
  });
});
