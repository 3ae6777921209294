import { LANGUAGE_LEVELS, RESUME_LIST_MAX } from '@shortlist/domain';
import { RESUME_DRAFT_LIST_FIELDS } from '@shortlist/domain/contract';
import { Button, Field, Select, TextArea } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';
import styles from './resume-builder.module.css';
import { type ListName, withEntryAdded, withEntryRemoved, withEntryValue } from './resume-draft';
import type { StepProps } from './step-props';

const copy = flowMessages.builder;
const label = copy.fields;

interface FieldSpec {
  name: string;
  label: string;
  kind?: 'text' | 'date' | 'end-date' | 'textarea' | 'level';
  autoComplete?: string;
}

/** How each list's fields are drawn (SPEC §3 entry shapes; dates YYYY-MM or N/A, ends also Present). */
const FIELD_SPECS: Readonly<Record<ListName, readonly FieldSpec[]>> = {
  work: [
    { name: 'jobTitle', label: label.jobTitle, autoComplete: 'organization-title' },
    { name: 'company', label: label.company, autoComplete: 'organization' },
    { name: 'location', label: label.location },
    { name: 'start', label: label.start, kind: 'date' },
    { name: 'end', label: label.end, kind: 'end-date' },
    { name: 'responsibilities', label: label.responsibilities, kind: 'textarea' },
  ],
  edu: [
    { name: 'degree', label: label.degree },
    { name: 'institution', label: label.institution },
    { name: 'location', label: label.location },
    { name: 'start', label: label.start, kind: 'date' },
    { name: 'end', label: label.end, kind: 'end-date' },
    { name: 'major', label: label.major },
  ],
  projects: [
    { name: 'name', label: label.name },
    { name: 'tech', label: label.tech },
    { name: 'role', label: label.role },
    { name: 'link', label: label.link },
    { name: 'desc', label: label.desc, kind: 'textarea' },
  ],
  certs: [
    { name: 'name', label: label.certName },
    { name: 'org', label: label.org },
    { name: 'date', label: label.date, kind: 'date' },
  ],
  langs: [
    { name: 'name', label: label.language },
    { name: 'level', label: label.level, kind: 'level' },
  ],
};

/** A list step (work, education, projects, certifications, languages): Add Entry, Remove. */
export function EntryList({ list, draft, errors, change }: StepProps & { list: ListName }) {
  const entries = draft.lists[list];
  const name = copy.lists[list];
  const only = entries.length <= 1;
  const full = entries.length >= RESUME_LIST_MAX;

  const add = () => {
    change((d) => withEntryAdded(d, list), '');
    // Keyboard users land in the new entry's first field.
    const id = `rb-${list}-${entries.length}-${RESUME_DRAFT_LIST_FIELDS[list][0]}`;
    setTimeout(() => document.getElementById(id)?.focus(), 0);
  };

  return (
    <div className={styles.entries}>
      {entries.map((entry, index) => (
        <fieldset key={entry.key} className={styles.entry}>
          <legend className={styles.entryLegend}>{copy.entry(name, index)}</legend>
          <div className={styles.grid}>
            {FIELD_SPECS[list].map((spec) => {
              const id = `rb-${list}-${index}-${spec.name}`;
              const value = entry.values[spec.name] ?? '';
              const onValue = (next: string) =>
                change((d) => withEntryValue(d, list, entry.key, spec.name, next), id);
              if (spec.kind === 'textarea') {
                return (
                  <TextArea
                    key={spec.name}
                    id={id}
                    className={styles.full}
                    label={spec.label}
                    rows={4}
                    value={value}
                    error={errors[id]}
                    required
                    onChange={(event) => onValue(event.target.value)}
                  />
                );
              }
              if (spec.kind === 'level') {
                return (
                  <Select
                    key={spec.name}
                    id={id}
                    label={spec.label}
                    placeholder={label.chooseLevel}
                    options={LANGUAGE_LEVELS}
                    value={value}
                    error={errors[id]}
                    required
                    onChange={(event) => onValue(event.target.value)}
                  />
                );
              }
              const date = spec.kind === 'date' || spec.kind === 'end-date';
              return (
                <Field
                  key={spec.name}
                  id={id}
                  label={spec.label}
                  hint={
                    spec.kind === 'end-date' ? copy.endDateHint : date ? copy.dateHint : undefined
                  }
                  placeholder={date ? 'YYYY-MM' : undefined}
                  // 7 holds both "2024-01" and "Present".
                  maxLength={date ? 7 : undefined}
                  autoComplete={spec.autoComplete ?? 'off'}
                  value={value}
                  error={errors[id]}
                  required
                  onChange={(event) => onValue(event.target.value)}
                />
              );
            })}
          </div>
          <div className={styles.entryActions}>
            <Button
              variant="ghost"
              size="sm"
              disabled={only}
              title={only ? copy.lastEntry : undefined}
              aria-label={copy.removeEntry(name, index)}
              onClick={() => change((d) => withEntryRemoved(d, list, entry.key), `rb-${list}-`)}
            >
              {copy.remove}
            </Button>
          </div>
        </fieldset>
      ))}
      {only ? <p className={styles.hint}>{copy.lastEntry}</p> : null}
      {full ? <p className={styles.hint}>{copy.fullList(RESUME_LIST_MAX)}</p> : null}
      <div>
        <Button variant="secondary" onClick={add} disabled={full}>
          {copy.addEntry}
        </Button>
      </div>
    </div>
  );
}
