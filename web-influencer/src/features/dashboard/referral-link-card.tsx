import { Button, useToast } from '@shortlist/web-kit';
import { messages } from '../../shared/messages';
import styles from './dashboard.module.css';
import { useQrCode } from './referral-qr';

const copy = messages.dashboard;

/** The link first (UI.md: at 375 px the link, Copy and the QR code come first). */
export function ReferralLinkCard({ link }: { link: string }) {
  const toast = useToast();
  const qr = useQrCode(link);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.show(copy.copied, { tone: 'success' });
    } catch {
      toast.show(copy.copyFailed, { tone: 'danger' });
    }
  };

  return (
    <section className={styles.linkCard} aria-labelledby="referral-link-heading">
      <div className={styles.linkText}>
        <h2 id="referral-link-heading" className={styles.sectionHeading}>
          {copy.linkHeading}
        </h2>
        <p className={styles.muted}>{copy.linkHint}</p>
        <div className={styles.linkRow}>
          <output className={styles.link} aria-label={copy.linkHeading}>
            {link}
          </output>
          <Button onClick={copyLink}>{copy.copy}</Button>
        </div>
      </div>
      <figure className={styles.qr}>
        {qr ? (
          <>
            <img src={qr} alt={copy.qrAlt(link)} width={144} height={144} />
            <a href={qr} download="shortlist-referral-qr.svg" className={styles.qrDownload}>
              {copy.qrDownload}
            </a>
          </>
        ) : (
          <div className={styles.qrPlaceholder} aria-hidden="true" />
        )}
      </figure>
    </section>
  );
}
