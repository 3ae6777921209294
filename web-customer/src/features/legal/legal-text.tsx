import { legalMessages } from './legal.messages';
import { LEGAL_UPDATED, type LegalDocument } from './legal-documents';
import styles from './legal-text.module.css';

/** The body of a legal document, shared by its page and its footer dialog. */
export function LegalText({
  document,
  headingLevel,
}: {
  document: LegalDocument;
  /** 2 on the page (under its h1), 3 in a dialog (under the dialog's h2). */
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={headingLevel === 3 ? `${styles.text} ${styles.compact}` : styles.text}>
      <p className={styles.summary}>{document.summary}</p>
      {document.sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <Heading className={styles.heading}>{section.heading}</Heading>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.list ? (
            <ul className={styles.list}>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      <p className={styles.updated}>
        {legalMessages.lastUpdated}: {LEGAL_UPDATED}
      </p>
    </div>
  );
}
