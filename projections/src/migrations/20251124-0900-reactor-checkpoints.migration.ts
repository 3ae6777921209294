import { type Kysely, sql } from 'kysely';

/**
 * Where each reactor (policy) has got to. Its own table: read-model maintenance resets the
 * projections' checkpoints, which must never make a policy re-issue or skip commands. Replaces
 * the api's ad-hoc `api.policy_checkpoints`, whose positions are carried over when it exists so
 * an upgraded deployment resumes where its policies were.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reactor_checkpoints')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('position', 'text')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    do $$
    begin
      if to_regclass('api.policy_checkpoints') is not null then
        insert into reactor_checkpoints (name, position, updated_at)
        select name, position, updated_at from api.policy_checkpoints
        on conflict (name) do nothing;
      end if;
    end
    $$
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reactor_checkpoints').execute();
}
