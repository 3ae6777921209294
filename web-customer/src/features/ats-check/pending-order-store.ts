import type { UploadService } from '@shortlist/domain/contract';

/**
 * The checked file kept for the order across sign-up or login, in this browser only. The check
 * promises to keep nothing on our servers, so the file is held client-side: IndexedDB stores a
 * File as it is (no base64, no 5 MB sessionStorage ceiling) and survives the page loads of a
 * sign-in. Where IndexedDB is missing (private modes of old browsers, test DOMs), a module-level
 * copy still carries it across the app's own navigation. It expires after an hour.
 */
export interface PendingOrder {
  service: UploadService;
  file: File;
  /** The job description it was checked against, checked again with the order. */
  jobDescription: string;
  savedAt: number;
}

const DATABASE = 'shortlist-ats-check';
const STORE = 'pending';
const KEY = 'order';
const PENDING_ORDER_TTL_MS = 60 * 60 * 1000;

let memory: PendingOrder | null = null;

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await open();
  if (db === null) return null;
  try {
    return await new Promise<T | null>((resolve) => {
      const request = action(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    });
  } finally {
    db.close();
  }
}

function isPendingOrder(value: unknown): value is PendingOrder {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    (record.service === 'resume_review' || record.service === 'resume_rewrite') &&
    record.file instanceof Blob &&
    typeof record.jobDescription === 'string' &&
    typeof record.savedAt === 'number'
  );
}

export async function savePendingOrder(
  service: UploadService,
  file: File,
  jobDescription: string,
  now = Date.now(),
) {
  const pending: PendingOrder = { service, file, jobDescription, savedAt: now };
  memory = pending;
  await run('readwrite', (store) => store.put(pending, KEY));
}

export async function loadPendingOrder(now = Date.now()): Promise<PendingOrder | null> {
  const stored = await run('readonly', (store) => store.get(KEY));
  const pending = isPendingOrder(stored) ? stored : memory;
  if (pending === null || now - pending.savedAt > PENDING_ORDER_TTL_MS) return null;
  return pending;
}

export async function clearPendingOrder() {
  memory = null;
  await run('readwrite', (store) => store.delete(KEY));
}
