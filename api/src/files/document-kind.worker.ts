// A document worker module (document-work/): an upload's kind by content. file-type parses the
// head of whatever a visitor sent, so it runs where a parser that hangs or throws costs a
// worker, never the request thread.
import { documentTask } from '../document-work/document-task';
import { type DocumentEvidence, documentKindOf } from './document-sniffer';

export const documentKind = documentTask((evidence: DocumentEvidence) => documentKindOf(evidence));
