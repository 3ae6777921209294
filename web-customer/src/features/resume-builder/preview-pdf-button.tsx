import { messageSchema, previewResumePdfRoute } from '@shortlist/domain/contract';
import { Button, readToken } from '@shortlist/web-kit';
import { useEffect, useState } from 'react';
import { flowMessages } from '../../shared/flow-messages';
import styles from './resume-builder.module.css';
import type { ResumeIssue, ResumeValidation } from './validate-resume';

const copy = flowMessages.builder;

/**
 * The server's own words for a refusal (a 4xx such as too many previews in a minute), else the
 * fallback; a server failure never shows its technical text.
 */
async function refusalOf(response: Response): Promise<string> {
  if (response.status >= 500) return copy.previewFailed;
  const said = messageSchema.safeParse(await response.json().catch(() => null));
  return said.success && said.data.message.trim() !== '' ? said.data.message : copy.previewFailed;
}

/**
 * The builder's last step: the form rendered as the ATS-friendly PDF the order delivers
 * (POST /api/resume/preview.pdf), offered to open in a new tab or download. The answer is a PDF, not JSON, so it is
 * fetched as bytes rather than through the JSON client; nothing is cached or stored.
 */
export function PreviewPdfButton({
  validate,
  onInvalid,
}: {
  validate: () => ResumeValidation;
  onInvalid: (issues: ResumeIssue[]) => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (url !== null) URL.revokeObjectURL(url);
    },
    [url],
  );

  const preview = async () => {
    const result = validate();
    if (!result.ok) {
      onInvalid(result.issues);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const token = readToken();
      const response = await fetch(`/api${previewResumePdfRoute.path}`, {
        method: previewResumePdfRoute.method,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/pdf',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(result.payload),
      });
      if (!response.ok) {
        setFailure(await refusalOf(response));
        return;
      }
      setUrl(URL.createObjectURL(await response.blob()));
    } catch {
      setFailure(copy.previewFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => void preview()}
        loading={busy}
        loadingLabel={copy.previewing}
      >
        {copy.previewPdf}
      </Button>
      {failure ? (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      ) : null}
      {/* Links, not a frame: the site's frame-src allows no blob: pages, a new tab may open them. */}
      {url === null ? null : (
        <p role="status">
          {copy.previewReady}{' '}
          <a href={url} target="_blank" rel="noopener">
            {copy.openPdf}
          </a>{' '}
          ·{' '}
          <a href={url} download="resume-preview.pdf">
            {copy.downloadPdf}
          </a>
        </p>
      )}
    </>
  );
}
