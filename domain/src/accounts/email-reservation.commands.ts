import type { Command } from '../core/decider';
import type { EmailReserved } from './email-reservation.events';

/** Claiming an e-mail for one account (stream `email-{sha256(e-mail)}`). */
export type ReserveEmail = Command<'ReserveEmail', EmailReserved['data']>;

/**
 * What the account holding a reservation turned out to be. `never-usable`: it registered, but
 * its registration never reached the read models that sign people in, send reset links and
 * list accounts (its projection set it aside: stored by an older version with text the read
 * side could not write), and it has been closed. Nobody can sign in to such an account, reset
 * its password or find it, so the e-mail it holds belongs to nobody.
 */
export type ReservationHolderAccount = 'usable' | 'never-usable';

/**
 * A registration claiming an e-mail that `holder` reserved: allowed only from the account that
 * holds it now, and only when that account never became usable.
 */
export type TakeOverEmail = Command<
  'TakeOverEmail',
  { userId: string; holder: string; holderAccount: ReservationHolderAccount }
>;

export type EmailReservationCommand = ReserveEmail | TakeOverEmail;
