import { type Kysely, sql } from 'kysely';

/** The table of migrations/20261125-2131-file-moves.migration.ts. */
export interface FileMovesTables {
  file_moves: {
    source: string;
    target: string;
    file_id: string;
    /** int8 arrives as a string. */
    size: string;
    sha256: string;
    copied_at: Date;
    source_deleted_at: Date | null;
    erased_at: Date | null;
  };
}

interface FileMove {
  fileId: string;
  size: number;
  sha256: string;
  sourceDeleted: boolean;
  erased: boolean;
}

/**
 * What the move command copied from one storage to another (identified by their `identity()`),
 * and what became of it since. Functions over `db`, one statement each.
 */
export interface FileMoveLedger {
  find(fileId: string): Promise<FileMove | null>;
  /** Copies whose source has not been deleted by the command, nor erased: ids in order. */
  live(): AsyncIterable<FileMove>;
  recordCopy(move: { fileId: string; size: number; sha256: string }): Promise<void>;
  markErased(fileId: string): Promise<void>;
  markSourceDeleted(fileId: string): Promise<void>;
}

export function fileMoveLedger(
  db: Kysely<FileMovesTables>,
  route: { source: string; target: string },
): FileMoveLedger {
  const rows = () =>
    db
      .selectFrom('file_moves')
      .select(['file_id', 'size', 'sha256', 'source_deleted_at', 'erased_at'])
      .where('source', '=', route.source)
      .where('target', '=', route.target);
  const toMove = (row: {
    file_id: string;
    size: string;
    sha256: string;
    source_deleted_at: Date | null;
    erased_at: Date | null;
  }): FileMove => ({
    fileId: row.file_id,
    size: Number(row.size),
    sha256: row.sha256,
    sourceDeleted: row.source_deleted_at !== null,
    erased: row.erased_at !== null,
  });
  const mark = async (fileId: string, column: 'erased_at' | 'source_deleted_at') => {
    await db
      .updateTable('file_moves')
      .set({ [column]: sql<Date>`coalesce(${sql.ref(column)}, now())` })
      .where('source', '=', route.source)
      .where('target', '=', route.target)
      .where('file_id', '=', fileId)
      .execute();
  };

  return {
    async find(fileId) {
      const row = await rows().where('file_id', '=', fileId).executeTakeFirst();
      return row === undefined ? null : toMove(row);
    },

    async *live() {
      let after = '';
      for (;;) {
        const page = await rows()
          .where('source_deleted_at', 'is', null)
          .where('erased_at', 'is', null)
          .where('file_id', '>', after)
          .orderBy('file_id')
          .limit(500)
          .execute();
        for (const row of page) yield toMove(row);
        const last = page.at(-1);
        if (last === undefined) return;
        after = last.file_id;
      }
    },

    async recordCopy(move) {
      await db
        .insertInto('file_moves')
        .values({
          source: route.source,
          target: route.target,
          file_id: move.fileId,
          size: String(move.size),
          sha256: move.sha256,
          copied_at: sql<Date>`now()`,
        })
        .onConflict((conflict) => conflict.columns(['source', 'target', 'file_id']).doNothing())
        .execute();
    },

    markErased: (fileId) => mark(fileId, 'erased_at'),
    markSourceDeleted: (fileId) => mark(fileId, 'source_deleted_at'),
  };
}
