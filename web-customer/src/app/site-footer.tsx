import { Button, Dialog, Logo, SUPPORT_EMAIL } from '@shortlist/web-kit';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  LEGAL_DOCUMENT_IDS,
  LEGAL_DOCUMENTS,
  type LegalDocumentId,
} from '../features/legal/legal-documents';
import { LegalText } from '../features/legal/legal-text';
import { messages } from '../shared/messages';
import { paths } from '../shared/paths';
import styles from './site-footer.module.css';

const copy = messages.footer;

const exploreLinks = [
  { to: paths.home, label: copy.home },
  { to: paths.createResume, label: copy.createResume },
  { to: paths.orders, label: copy.orders },
  { to: paths.about, label: copy.about },
  { to: paths.contact, label: copy.contact },
] as const;

/** SPEC §2 footer: on every screen; the policies open as modal dialogs over the current page. */
export function SiteFooter() {
  const [openDocument, setOpenDocument] = useState<LegalDocumentId | null>(null);
  const document = openDocument ? LEGAL_DOCUMENTS[openDocument] : null;
  const close = () => setOpenDocument(null);

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.columns}>
          <div className={styles.about}>
            <Logo />
            <p>{copy.tagline}</p>
            <p>{copy.disclaimer}</p>
            <p>
              {copy.supportLead}{' '}
              <a className={styles.email} href={`mailto:${SUPPORT_EMAIL}`}>
                {SUPPORT_EMAIL}
              </a>
            </p>
          </div>
          <nav aria-labelledby="footer-explore">
            <h2 id="footer-explore" className={styles.heading}>
              {copy.explore}
            </h2>
            <ul className={styles.list}>
              {exploreLinks.map((link) => (
                <li key={link.to}>
                  <Link className={styles.link} to={link.to}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className={styles.heading}>{copy.policies}</h2>
            <ul className={styles.list}>
              {LEGAL_DOCUMENT_IDS.map((id) => (
                <li key={id}>
                  <button
                    type="button"
                    className={styles.link}
                    aria-haspopup="dialog"
                    onClick={() => setOpenDocument(id)}
                  >
                    {LEGAL_DOCUMENTS[id].title}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className={styles.bottom}>
          <p>{copy.copyright(new Date().getFullYear())}</p>
          <Link className={styles.link} to={paths.influencerKit}>
            {copy.influencerKit}
          </Link>
        </div>
      </div>
      <Dialog
        open={document !== null}
        onClose={close}
        title={document?.title ?? ''}
        size="lg"
        footer={
          <Button variant="secondary" onClick={close}>
            {messages.legal.close}
          </Button>
        }
      >
        {document ? <LegalText document={document} headingLevel={3} /> : null}
      </Dialog>
    </footer>
  );
}
