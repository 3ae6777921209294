import type { ColumnType, Insertable, Selectable } from 'kysely';

/** Customers and admins as login, admin lists and referral counts need them. */
export interface UsersTable {
  id: string;
  email: string | null;
  name: string | null;
  password_hash: string | null;
  role: string;
  referral_influencer_id: string | null;
  referral_code: string | null;
  created_at: ColumnType<Date, string, string>;
  erased_at: ColumnType<Date | null, string | null, string | null>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
