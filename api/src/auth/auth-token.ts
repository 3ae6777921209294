import { ROLES, type Role } from '@shortlist/domain/contract';
import { z } from 'zod';

export { ROLES, type Role };

/** What a token proves once the server has verified its signature and expiry. */
export interface AuthUser {
  /** The account id (user, admin or influencer). */
  id: string;
  role: Role;
  /** Token id, for revocation at logout. */
  jti: string;
  /** When the token stops being valid. */
  expiresAt: Date;
}

export const tokenClaimsSchema = z.object({
  sub: z.string().min(1),
  role: z.enum(ROLES),
  jti: z.string().min(1),
  exp: z.number().int(),
  /**
   * The account's credential generation when the token was issued (token-revocations.ts); a
   * token from before this claim existed counts as generation 0.
   */
  gen: z.number().int().min(0).default(0),
});

export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/**
 * Whose credentials a token rests on: users and admins are one kind of account (an admin is a
 * user with a role), influencers another, with ids of their own.
 */
export function sessionSubject(account: { id: string; role: Role }): string {
  return account.role === 'influencer' ? `influencer:${account.id}` : `user:${account.id}`;
}

export const MESSAGES = {
  unauthenticated: 'Please log in.',
  forbidden: 'Access denied.',
} as const;
