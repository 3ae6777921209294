import { Logo, SUPPORT_EMAIL } from '@shortlist/web-kit';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  LEGAL_DOCUMENT_IDS,
  LEGAL_TITLES,
  type LegalDocumentId,
} from '../features/legal/legal-titles';
import { paths } from '../shared/paths';
import { footerMessages } from './site-footer.messages';
import styles from './site-footer.module.css';

const copy = footerMessages;

// The policies' texts and the dialog load on the first click, not with every page's footer.
const LegalDialog = lazy(async () => ({
  default: (await import('../features/legal/legal-dialog')).LegalDialog,
}));

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
  // Mounted from the first opening on, so closing keeps the dialog's own close behaviour.
  const [opened, setOpened] = useState(false);
  if (openDocument !== null && !opened) setOpened(true);
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
                    {LEGAL_TITLES[id]}
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
      {opened ? (
        <Suspense fallback={null}>
          <LegalDialog documentId={openDocument} onClose={close} />
        </Suspense>
      ) : null}
    </footer>
  );
}
