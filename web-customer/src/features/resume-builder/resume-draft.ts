import { ROLE_TEXT_MAX, suggestedRoles } from '@shortlist/domain';
import {
  RESUME_DRAFT_ENTRIES_MAX,
  RESUME_DRAFT_LIST_FIELDS,
  RESUME_DRAFT_TEXT_MAX,
  type ResumeDraftInput,
  type SavedResumeDraft,
} from '@shortlist/domain/contract';

/** The builder's lists (their fields: RESUME_DRAFT_LIST_FIELDS), in the form's order (SPEC §3). */
export type ListName = keyof typeof RESUME_DRAFT_LIST_FIELDS;
export const LIST_NAMES = Object.keys(RESUME_DRAFT_LIST_FIELDS) as ListName[];

/** One entry of a list; `key` only tells React which entry is which. */
export interface Entry {
  key: string;
  values: Record<string, string>;
}

export interface ResumeDraft {
  degreeLevel: string;
  majorPrimary: string;
  majorOther: string;
  targetRole: string;
  roleOther: string;
  personal: {
    fullName: string;
    email: string;
    phone: string;
    address: string;
    linkedin: string;
    github: string;
  };
  summary: string;
  skills: { techSkills: string; softSkills: string };
  lists: Record<ListName, Entry[]>;
}

let lastKey = 0;
function newKey(): string {
  lastKey += 1;
  return `entry-${Date.now().toString(36)}-${lastKey}`;
}

function emptyEntry(list: ListName): Entry {
  return {
    key: newKey(),
    values: Object.fromEntries(RESUME_DRAFT_LIST_FIELDS[list].map((field) => [field, ''])),
  };
}

export function emptyDraft(prefill: { name?: string; email?: string } = {}): ResumeDraft {
  return {
    degreeLevel: '',
    majorPrimary: '',
    majorOther: '',
    targetRole: '',
    roleOther: '',
    personal: {
      fullName: prefill.name ?? '',
      email: prefill.email ?? '',
      phone: '',
      address: '',
      linkedin: '',
      github: '',
    },
    summary: '',
    skills: { techSkills: '', softSkills: '' },
    lists: {
      work: [emptyEntry('work')],
      edu: [emptyEntry('edu')],
      projects: [emptyEntry('projects')],
      certs: [emptyEntry('certs')],
      langs: [emptyEntry('langs')],
    },
  };
}

// ---------------------------------------------------------------------------------------------
// SPEC §4 rules of step 1, as pure functions so the form and the tests share them.

/** Degree or major changed: a target role no longer suggested resets; Other major text goes. */
export function withDegreeOrMajor(
  draft: ResumeDraft,
  change: { degreeLevel?: string; majorPrimary?: string },
): ResumeDraft {
  const next = { ...draft, ...change };
  if (next.majorPrimary !== 'Other') next.majorOther = '';
  if (
    next.targetRole !== '' &&
    !suggestedRoles(next.degreeLevel, next.majorPrimary).includes(next.targetRole)
  ) {
    next.targetRole = '';
    next.roleOther = '';
  }
  return next;
}

/** A role other than Other clears the Other text. */
export function withTargetRole(draft: ResumeDraft, role: string): ResumeDraft {
  return { ...draft, targetRole: role, roleOther: role === 'Other' ? draft.roleOther : '' };
}

/** SPEC §5, §9: the Other role is at most 80 characters; longer text is cut. */
export function withRoleOther(draft: ResumeDraft, text: string): ResumeDraft {
  return { ...draft, roleOther: text.slice(0, ROLE_TEXT_MAX) };
}

export function withEntryAdded(draft: ResumeDraft, list: ListName): ResumeDraft {
  return { ...draft, lists: { ...draft.lists, [list]: [...draft.lists[list], emptyEntry(list)] } };
}

/** SPEC §2: the last remaining entry of a list cannot be removed. */
export function withEntryRemoved(draft: ResumeDraft, list: ListName, key: string): ResumeDraft {
  const entries = draft.lists[list];
  if (entries.length <= 1) return draft;
  return {
    ...draft,
    lists: { ...draft.lists, [list]: entries.filter((entry) => entry.key !== key) },
  };
}

export function withEntryValue(
  draft: ResumeDraft,
  list: ListName,
  key: string,
  field: string,
  value: string,
): ResumeDraft {
  const entries = draft.lists[list].map((entry) =>
    entry.key === key ? { ...entry, values: { ...entry.values, [field]: value } } : entry,
  );
  return { ...draft, lists: { ...draft.lists, [list]: entries } };
}

/** The one target role sent: the Other text when Other is chosen (SPEC §3 targetRoles). */
export function targetRoleOf(draft: ResumeDraft): string {
  if (draft.targetRole === 'Other') return draft.roleOther.trim() || 'Other';
  return draft.targetRole;
}

/** The SPEC §3 payload, before the domain schema checks and normalises it. */
export function toPayload(
  draft: ResumeDraft,
  pid: string,
  currency: string,
): Record<string, unknown> {
  const list = (name: ListName) =>
    draft.lists[name].map((entry) =>
      Object.fromEntries(
        RESUME_DRAFT_LIST_FIELDS[name].map((field) => [field, entry.values[field] ?? '']),
      ),
    );
  return {
    degreeLevel: draft.degreeLevel,
    majorPrimary: draft.majorPrimary,
    majorOther: draft.majorPrimary === 'Other' ? draft.majorOther : '',
    targetRoles: [targetRoleOf(draft)],
    personal: { pid, ...draft.personal },
    summary: draft.summary,
    work: list('work'),
    edu: list('edu'),
    skills: draft.skills,
    projects: list('projects'),
    certs: list('certs'),
    langs: list('langs'),
    currency,
  };
}

// ---------------------------------------------------------------------------------------------
// Kept on the server per account (GET/PUT /api/resume/draft) so another device finds it, and
// mirrored in this tab's session storage so a reload loses nothing typed since the last save.

export const DRAFT_STORAGE_KEY = 'resumeBuilderDraft';

export interface StoredDraft {
  step: number;
  draft: ResumeDraft;
  /**
   * The server holds this very draft. A tab's copy that is not synced has changes the server
   * never got (typed just before a reload, or offline): it wins over the server's on return.
   */
  synced?: boolean;
}

const clip = (value: string) => value.slice(0, RESUME_DRAFT_TEXT_MAX);

/** The draft as the server keeps it: the same fields, entries without their React keys. */
export function toServerDraft({ step, draft }: StoredDraft): ResumeDraftInput {
  const list = <Name extends ListName>(name: Name) =>
    draft.lists[name]
      .slice(0, RESUME_DRAFT_ENTRIES_MAX)
      .map((entry) =>
        Object.fromEntries(
          RESUME_DRAFT_LIST_FIELDS[name].map((field) => [field, clip(entry.values[field] ?? '')]),
        ),
      ) as ResumeDraftInput['lists'][Name];
  const personal = Object.fromEntries(
    Object.entries(draft.personal).map(([field, value]) => [field, clip(value)]),
  ) as ResumeDraft['personal'];
  return {
    step,
    degreeLevel: clip(draft.degreeLevel),
    majorPrimary: clip(draft.majorPrimary),
    majorOther: clip(draft.majorOther),
    targetRole: clip(draft.targetRole),
    roleOther: clip(draft.roleOther),
    personal,
    summary: clip(draft.summary),
    skills: {
      techSkills: clip(draft.skills.techSkills),
      softSkills: clip(draft.skills.softSkills),
    },
    lists: {
      work: list('work'),
      edu: list('edu'),
      projects: list('projects'),
      certs: list('certs'),
      langs: list('langs'),
    },
  };
}

/** The server's draft back in the form's shape (read as leniently as the tab's copy). */
export function fromServerDraft(saved: SavedResumeDraft): StoredDraft {
  const { step, ...draft } = saved;
  const lists = Object.fromEntries(
    LIST_NAMES.map((name) => [name, draft.lists[name].map((values) => ({ values }))]),
  );
  return { ...readStoredDraft({ step, draft: { ...draft, lists } }), synced: true };
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function readEntries(list: ListName, value: unknown): Entry[] {
  const entries = Array.isArray(value) ? value : [];
  const read = entries.map((raw) => {
    const values = record(record(raw).values);
    return {
      key: newKey(),
      values: Object.fromEntries(
        RESUME_DRAFT_LIST_FIELDS[list].map((field) => [field, text(values[field])]),
      ),
    };
  });
  return read.length > 0 ? read : [emptyEntry(list)];
}

/** Reads this tab's stored draft leniently; anything unreadable starts afresh. */
export function loadDraft(): StoredDraft | null {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(DRAFT_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  return readStoredDraft(parsed);
}

function readStoredDraft(parsed: unknown): StoredDraft {
  const stored = record(parsed);
  const draft = record(stored.draft);
  const personal = record(draft.personal);
  const skills = record(draft.skills);
  const lists = record(draft.lists);
  const step = Number(stored.step);
  return {
    step: Number.isInteger(step) && step >= 0 && step < 9 ? step : 0,
    synced: stored.synced === true,
    draft: {
      degreeLevel: text(draft.degreeLevel),
      majorPrimary: text(draft.majorPrimary),
      majorOther: text(draft.majorOther),
      targetRole: text(draft.targetRole),
      roleOther: text(draft.roleOther).slice(0, ROLE_TEXT_MAX),
      personal: {
        fullName: text(personal.fullName),
        email: text(personal.email),
        phone: text(personal.phone),
        address: text(personal.address),
        linkedin: text(personal.linkedin),
        github: text(personal.github),
      },
      summary: text(draft.summary),
      skills: { techSkills: text(skills.techSkills), softSkills: text(skills.softSkills) },
      lists: {
        work: readEntries('work', lists.work),
        edu: readEntries('edu', lists.edu),
        projects: readEntries('projects', lists.projects),
        certs: readEntries('certs', lists.certs),
        langs: readEntries('langs', lists.langs),
      },
    },
  };
}

export function saveDraft(stored: StoredDraft): void {
  try {
    window.sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or off: the form still works, it just will not survive a reload.
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
