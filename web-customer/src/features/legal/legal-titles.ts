/**
 * The legal documents' names and order: what the footer shows on every page. The texts
 * themselves (legal-documents.ts) load with a policy's page or dialog, not with the first page.
 */
export type LegalDocumentId = 'privacy' | 'terms' | 'refund' | 'disclaimer';

/** Page heading, dialog title and footer button label. */
export const LEGAL_TITLES: Readonly<Record<LegalDocumentId, string>> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  refund: 'Refund Policy',
  disclaimer: 'Disclaimer',
};

/** Footer order. */
export const LEGAL_DOCUMENT_IDS: readonly LegalDocumentId[] = [
  'privacy',
  'terms',
  'refund',
  'disclaimer',
];
