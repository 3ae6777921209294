import type { AtsReportView } from '@shortlist/domain/contract';
import { Chip, type ChipTone } from '@shortlist/web-kit';
import type { Ref } from 'react';
import { atsMessages as copy } from './ats-check.messages';
import styles from './ats-check.module.css';

const STATUS_TONE: Readonly<Record<AtsReportView['checks'][number]['status'], ChipTone>> = {
  pass: 'success',
  warn: 'warning',
  fail: 'danger',
};

function scoreTone(score: number): 'good' | 'fair' | 'poor' {
  if (score >= 80) return 'good';
  if (score >= 50) return 'fair';
  return 'poor';
}

/** The score, the checks worst first, the fields found, the JD match and the text read. */
export function AtsResult({
  report,
  headingRef,
}: {
  report: AtsReportView;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const tone = scoreTone(report.score);
  return (
    <section className={styles.result} aria-labelledby="ats-result-heading">
      <h2 id="ats-result-heading" ref={headingRef} tabIndex={-1} className={styles.sectionHeading}>
        {copy.resultHeading}
      </h2>
      <div className={`${styles.score} ${styles[tone]}`}>
        <p className={styles.scoreValue}>
          <span className={styles.scoreNumber}>{report.score}</span>
          <span className={styles.scoreOutOf}>{copy.outOf}</span>
        </p>
        <div>
          <p className={styles.scoreLabel}>{copy.score}</p>
          <p className={styles.verdict}>{copy.verdicts[tone]}</p>
          <p className={styles.meta}>{copy.summary(report.pages, report.words, report.kind)}</p>
        </div>
      </div>
      {report.columns > 1 ? (
        <p className={styles.limitation} role="note">
          {copy.columnsFound(report.columns)}
        </p>
      ) : null}
      {report.limitations.map((limitation) => (
        <p key={limitation} className={styles.limitation} role="note">
          {limitation}
        </p>
      ))}
      <div className={styles.columns}>
        <div className={styles.column}>
          <ChecksList checks={report.checks} />
          {report.keywords === null ? null : <Keywords keywords={report.keywords} />}
          <FieldsFound fields={report.fields} />
        </div>
        <ExtractedText text={report.text} />
      </div>
    </section>
  );
}

function ChecksList({ checks }: { checks: AtsReportView['checks'] }) {
  return (
    <section aria-labelledby="ats-checks-heading" className={styles.panel}>
      <h3 id="ats-checks-heading" className={styles.panelHeading}>
        {copy.checksHeading}
      </h3>
      <ol className={styles.checks}>
        {checks.map((check) => (
          <li key={check.id} className={styles.check} data-status={check.status}>
            <div className={styles.checkHead}>
              <Chip tone={STATUS_TONE[check.status]}>{copy.status[check.status]}</Chip>
              <span className={styles.checkTitle}>{check.title}</span>
            </div>
            <p className={styles.checkMessage}>{check.message}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Keywords({ keywords }: { keywords: NonNullable<AtsReportView['keywords']> }) {
  const required = new Set(keywords.required);
  const preferred = new Set(keywords.preferred);
  const requiredFound = keywords.found.filter((term) => required.has(term)).length;
  return (
    <section aria-labelledby="ats-keywords-heading" className={styles.panel}>
      <h3 id="ats-keywords-heading" className={styles.panelHeading}>
        {copy.keywordsHeading}
      </h3>
      {keywords.percent === null ? null : <p>{copy.keywordsMatch(keywords.percent)}</p>}
      {required.size === 0 ? null : <p>{copy.keywordsRequired(requiredFound, required.size)}</p>}
      <KeywordList
        label={copy.keywordsFound}
        terms={keywords.found}
        tone="success"
        required={required}
        preferred={preferred}
      />
      <KeywordList
        label={copy.keywordsMissing}
        terms={keywords.missing}
        tone="danger"
        required={required}
        preferred={preferred}
      />
    </section>
  );
}

function KeywordList({
  label,
  terms,
  tone,
  required,
  preferred,
}: {
  label: string;
  terms: string[];
  tone: ChipTone;
  required: ReadonlySet<string>;
  preferred: ReadonlySet<string>;
}) {
  if (terms.length === 0) return null;
  return (
    <div className={styles.keywordGroup}>
      <p className={styles.keywordLabel}>{label}</p>
      <ul className={styles.chips} aria-label={label}>
        {terms.map((term) => {
          const importance = required.has(term)
            ? copy.mustHave
            : preferred.has(term)
              ? copy.niceToHave
              : null;
          return (
            <li key={term}>
              <Chip tone={tone}>
                <span>{term}</span>
                {importance === null ? null : (
                  <span className={styles.importance}> · {importance}</span>
                )}
              </Chip>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Value({ value }: { value: string | null }) {
  return value === null ? <span className={styles.missing}>{copy.notFound}</span> : value;
}

function FieldsFound({ fields }: { fields: AtsReportView['fields'] }) {
  const contact = ['name', 'email', 'phone', 'location', 'linkedin'] as const;
  return (
    <section aria-labelledby="ats-fields-heading" className={styles.panel}>
      <h3 id="ats-fields-heading" className={styles.panelHeading}>
        {copy.fieldsHeading}
      </h3>
      <dl className={styles.fields}>
        {contact.map((key) => (
          <div key={key} className={styles.field}>
            <dt>{copy.fields[key]}</dt>
            <dd>
              <Value value={fields[key]} />
            </dd>
          </div>
        ))}
        <div className={styles.field}>
          <dt>{copy.fields.jobs}</dt>
          <dd>
            {fields.jobs.length === 0 ? (
              <span className={styles.missing}>{copy.noJobs}</span>
            ) : (
              <ul className={styles.entries}>
                {fields.jobs.map((job, index) => (
                  // Jobs have no id; their place in the resume is theirs.
                  <li key={index}>
                    <Value value={job.title} /> · <Value value={job.company} /> ·{' '}
                    <Value value={job.dates} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div className={styles.field}>
          <dt>{copy.fields.education}</dt>
          <dd>
            {fields.education.length === 0 ? (
              <span className={styles.missing}>{copy.noEducation}</span>
            ) : (
              <ul className={styles.entries}>
                {fields.education.map((degree, index) => (
                  <li key={index}>
                    <Value value={degree.degree} /> · <Value value={degree.school} /> ·{' '}
                    <Value value={degree.dates} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div className={styles.field}>
          <dt>{copy.fields.skills}</dt>
          <dd>
            {fields.skills.length === 0 ? (
              <span className={styles.missing}>{copy.noSkills}</span>
            ) : (
              fields.skills.join(', ')
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function ExtractedText({ text }: { text: string }) {
  return (
    <section aria-labelledby="ats-text-heading" className={`${styles.panel} ${styles.textPanel}`}>
      <h3 id="ats-text-heading" className={styles.panelHeading}>
        {copy.textHeading}
      </h3>
      <p className={styles.meta}>{copy.textLead}</p>
      {text === '' ? (
        <p className={styles.missing}>{copy.textEmpty}</p>
      ) : (
        // A named, focusable region: a keyboard can reach it to scroll the text.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region
        <section className={styles.text} tabIndex={0} aria-label={copy.textLabel}>
          <pre className={styles.pre}>{text}</pre>
        </section>
      )}
    </section>
  );
}
