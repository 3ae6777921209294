// The ATS check: extracted text items → normalised text → lines in reading order (columns) →
// sections → fields → explained checks and a score. Pure; the API extracts the items from the file.
export type { AtsDocument, AtsDocumentKind, AtsPage, AtsTextItem } from './ats-document';
export {
  type AtsJobView,
  type AtsReport,
  CHECK_WEIGHTS,
  type CheckResumeOptions,
  checkResume,
  scoreOf,
} from './check-resume';
export {
  type AtsCheck,
  type AtsCheckId,
  CHECK_IDS,
  type CheckStatus,
} from './checks';
export { extractKeywords, type JdKeyword, type KeywordImportance, matchKeywords } from './keywords';
export { cleanJobDescription } from './normalise';
export { SECTION_KINDS, type SectionKind } from './sections';
