// The ATS check (issue 14): extracted text items → lines → sections → fields → explained checks
// and a score. Pure; the API extracts the items from the file.
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
export { extractKeywords, type JdKeyword, matchKeywords } from './keywords';
export { SECTION_KINDS, type SectionKind } from './sections';
