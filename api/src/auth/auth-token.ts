import { z } from 'zod';

export const ROLES = ['user', 'admin', 'influencer'] as const;
export type Role = (typeof ROLES)[number];

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
});

export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const MESSAGES = {
  unauthenticated: 'Please log in.',
  forbidden: 'Access denied.',
} as const;
