import { describe, expect, it } from 'vitest';
import { extractKeywords, matchKeywords } from './keywords';
import { cleanJobDescription } from './normalise';

// The shape of a real advert: a title line with the employer and the city, an "About us", the
// responsibilities, the requirements, a "nice to have", the benefits and how to apply.
const ADVERT = `Job Description: Senior Full Stack Engineer
Brightwave Labs, Austin, TX, USA

About Us
Brightwave Labs is a leading technology company in Austin. Our mission is to improve lives.

Responsibilities
• Developing front end website architecture and back end applications.
• Designing and developing APIs and databases.

Requirements
• Proficiency with HTML, CSS, and JavaScript.
• Proficiency with server-side languages such as Python, Ruby, Java, PHP, and .Net.
• Familiarity with database technology such as MySQL, Oracle, and MongoDB.
• Excellent verbal communication skills.

Nice to have
• Experience with Docker and Kubernetes.
• GraphQL is a plus.

Benefits
• Health insurance and a flexible Excel-free schedule.

How to Apply
Send your resume to jobs@brightwavelabs.com.`;

describe('the keywords of a job description', () => {
  const keywords = extractKeywords(ADVERT);
  const terms = keywords.map((keyword) => keyword.term);

  it('are its skills and technologies, from the vocabulary and as it writes them', () => {
    expect(terms).toEqual(
      expect.arrayContaining([
        'HTML',
        'CSS',
        'JavaScript',
        'Python',
        'Ruby',
        'Java',
        'PHP',
        '.Net',
        'MySQL',
        'Oracle',
        'MongoDB',
        'Docker',
        'Kubernetes',
        'GraphQL',
        'front end',
        'back end',
      ]),
    );
  });

  it('are never the employer, a place, the role’s seniority or the advert’s boilerplate', () => {
    const lower = terms.map((term) => term.toLowerCase());
    for (const noise of ['brightwave', 'labs', 'austin', 'tx', 'usa', 'senior', 'description']) {
      expect(lower.some((term) => term.split(/\s+/u).includes(noise))).toBe(false);
    }
    // "Excel" appears only under Benefits, which says nothing about the job.
    expect(terms).not.toContain('Excel');
  });

  it('say which the description requires and which it names as a plus', () => {
    const importance = Object.fromEntries(keywords.map((k) => [k.term, k.importance]));
    expect(importance).toMatchObject({
      HTML: 'must',
      Python: 'must',
      MongoDB: 'must',
      Docker: 'nice',
      Kubernetes: 'nice',
      GraphQL: 'nice',
      'front end': null,
      'back end': null,
    });
    const match = matchKeywords(keywords, 'Built React apps in JavaScript with Docker.');
    expect(match.required).toEqual(
      keywords.filter((k) => k.importance === 'must').map((k) => k.term),
    );
    expect([...match.preferred].sort()).toEqual(['Docker', 'GraphQL', 'Kubernetes']);
  });

  it('match other spellings of the same skill', () => {
    const match = matchKeywords(
      keywords,
      'Frontend and back-end work in Node, Postgres and HTML5.',
    );
    expect(match.found).toEqual(expect.arrayContaining(['front end', 'back end', 'HTML']));
  });

  it('take an everyday word for a skill only when it is written as a name', () => {
    const go = extractKeywords('Requirements: services in Go and Rust. Go to market fast.');
    expect(go.map((keyword) => keyword.term)).toEqual(['Go', 'Rust']);
    expect(matchKeywords(go, 'We go fast and rust never sleeps.').found).toEqual([]);
  });
});

describe('a pasted job description', () => {
  it('has its form feeds and other whitespace controls made line breaks, nothing else changed', () => {
    expect(
      cleanJobDescription('Requirements\fPython\u000BSQL\u0085Go\u2028Rust\u2029dbt\r\nA\u00A0B'),
    ).toBe('Requirements\nPython\nSQL\nGo\nRust\ndbt\nA B');
    // Other controls stay, for the contract to refuse.
    expect(cleanJobDescription('A\u0000B')).toBe('A\u0000B');
  });
});
