import type { OrderAtsCheckView } from '@shortlist/domain/contract';
import { Chip, type ChipTone } from '@shortlist/web-kit';
import { formatDateTime } from '../../shared/format';
import { messages } from '../../shared/messages';
import styles from './orders.module.css';

const copy = messages.orders.ats;

const STATUS_TONE: Readonly<Record<OrderAtsCheckView['checks'][number]['status'], ChipTone>> = {
  pass: 'success',
  warn: 'warning',
  fail: 'danger',
};

const Erased = () => <em className={styles.erased}>{messages.orders.erased}</em>;

/**
 * The ATS check the server ran on the customer's file when the order was placed from the ATS
 * check page: what the reviewer starts from. After the erasure the score, verdicts and job match
 * remain; each sentence, the text and the fields found read "erased".
 */
export function OrderAtsCheck({ check }: { check: OrderAtsCheckView }) {
  const { fields, jobMatch } = check;
  return (
    <div className={styles.atsCheck}>
      <p className={styles.atsScore}>
        <strong>{copy.score(check.score)}</strong>{' '}
        <span className={styles.muted}>
          {copy.summary(check.kind, check.pages, check.words, formatDateTime(check.checkedAt))}
        </span>
      </p>
      <ul className={styles.atsChecks} aria-label={copy.checks}>
        {check.checks.map((item) => (
          <li key={item.id} className={styles.atsCheckItem}>
            <Chip tone={STATUS_TONE[item.status]}>{copy.status[item.status]}</Chip>{' '}
            <strong>{item.title}</strong>
            {': '}
            {item.message ?? <Erased />}
          </li>
        ))}
      </ul>
      {check.limitations.map((limitation) => (
        <p key={limitation} className={styles.muted}>
          {limitation}
        </p>
      ))}

      <h4 className={styles.subheading}>{copy.jobMatch}</h4>
      {jobMatch === null ? (
        <p className={styles.muted}>{copy.noJobDescription}</p>
      ) : (
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{copy.match}</dt>
            <dd>{jobMatch.percent === null ? copy.noKeywords : `${jobMatch.percent}%`}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{copy.found}</dt>
            <dd>{jobMatch.found.join(', ') || copy.none}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{copy.missing}</dt>
            <dd>{jobMatch.missing.join(', ') || copy.none}</dd>
          </div>
        </dl>
      )}

      <h4 className={styles.subheading}>{copy.fields}</h4>
      {fields === null ? (
        <Erased />
      ) : (
        <dl className={styles.facts}>
          {(
            [
              [copy.fieldNames.name, fields.name],
              [copy.fieldNames.email, fields.email],
              [copy.fieldNames.phone, fields.phone],
              [copy.fieldNames.location, fields.location],
              [copy.fieldNames.linkedin, fields.linkedin],
              [
                copy.fieldNames.jobs,
                fields.jobs
                  .map((job) => [job.title, job.company, job.dates].filter(Boolean).join(' · '))
                  .join('; '),
              ],
              [
                copy.fieldNames.education,
                fields.education
                  .map((entry) =>
                    [entry.degree, entry.school, entry.dates].filter(Boolean).join(' · '),
                  )
                  .join('; '),
              ],
              [copy.fieldNames.skills, fields.skills.join(', ')],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className={styles.fact}>
              <dt>{label}</dt>
              <dd className={styles.prose}>{value || copy.notFound}</dd>
            </div>
          ))}
        </dl>
      )}

      <h4 className={styles.subheading}>{copy.text}</h4>
      {check.text === null ? (
        <Erased />
      ) : (
        // A named, focusable region: a keyboard can reach it to scroll the text.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region
        <section className={styles.atsText} tabIndex={0} aria-label={copy.text}>
          <pre className={styles.atsPre}>{check.text}</pre>
        </section>
      )}
    </div>
  );
}
