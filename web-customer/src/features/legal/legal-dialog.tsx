import { Button, Dialog } from '@shortlist/web-kit';
import { legalMessages } from './legal.messages';
import { LEGAL_DOCUMENTS, type LegalDocumentId } from './legal-documents';
import { LegalText } from './legal-text';

/** A policy as a modal dialog over the current page (the footer's buttons, SPEC §2). */
export function LegalDialog({
  documentId,
  onClose,
}: {
  /** The open document, or null once closed (the dialog stays mounted to close as it should). */
  documentId: LegalDocumentId | null;
  onClose: () => void;
}) {
  const document = documentId ? LEGAL_DOCUMENTS[documentId] : null;
  return (
    <Dialog
      open={document !== null}
      onClose={onClose}
      title={document?.title ?? ''}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {legalMessages.close}
        </Button>
      }
    >
      {document ? <LegalText document={document} headingLevel={3} /> : null}
    </Dialog>
  );
}
