import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The referral link as a QR code for posters and stories: an SVG (sharp at any print size),
 * as a data: URL the CSP allows for images. Null until drawn, or when drawing failed.
 */
export function useQrCode(text: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (text === null) return;
    let current = true;
    QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => {
        if (current) setUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (current) setUrl(null);
      });
    return () => {
      current = false;
    };
  }, [text]);
  return url;
}
