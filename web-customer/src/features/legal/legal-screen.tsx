import { LinkButton } from '@shortlist/web-kit';
import { paths } from '../../shared/paths';
import { legalMessages } from './legal.messages';
import { LEGAL_DOCUMENTS, type LegalDocumentId } from './legal-documents';
import styles from './legal-screen.module.css';
import { LegalText } from './legal-text';

/** /privacy, /terms, /refund, /disclaimer. SPEC §2: their Close button returns to /signup. */
export function LegalScreen({ documentId }: { documentId: LegalDocumentId }) {
  const document = LEGAL_DOCUMENTS[documentId];
  return (
    <article className={styles.page} aria-labelledby="legal-heading">
      <title>{`${document.title} · Shortlist`}</title>
      <div className={styles.head}>
        <h1 id="legal-heading" className={styles.heading}>
          {document.title}
        </h1>
        <LinkButton to={paths.signup} variant="secondary" size="sm">
          {legalMessages.close}
        </LinkButton>
      </div>
      <LegalText document={document} headingLevel={2} />
      <div className={styles.actions}>
        <LinkButton to={paths.signup}>{legalMessages.close}</LinkButton>
      </div>
    </article>
  );
}
