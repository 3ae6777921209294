import type { Command } from '../core/decider';

/** Claiming an e-mail for one account (stream `email-{sha256(e-mail)}`). */

export type ReserveEmail = Command<'ReserveEmail', { userId: string }>;
export type EmailReservationCommand = ReserveEmail;
