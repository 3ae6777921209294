import { assertNever, type Command, type Decider } from '../core/decider';
import type { MailPreferencesEvent } from './mail-preferences.events';
import { mailPreferencesEvents } from './mail-preferences.events';

export type UnsubscribeFromReminders = Command<'UnsubscribeFromReminders', { userId: string }>;
export type MailPreferencesCommand = UnsubscribeFromReminders;

export interface MailPreferencesState {
  remindersUnsubscribed: boolean;
}

/**
 * Unsubscribing twice (the link clicked again, a mail client's one-click POST beside it) is
 * not an error and records nothing more: the person sees the same "unsubscribed" either way.
 */
function decide(
  command: MailPreferencesCommand,
  state: MailPreferencesState,
): MailPreferencesEvent[] {
  switch (command.type) {
    case 'UnsubscribeFromReminders':
      return state.remindersUnsubscribed
        ? []
        : [{ type: 'RemindersUnsubscribed', data: { userId: command.data.userId } }];
    default:
      return assertNever(command.type);
  }
}

function evolve(state: MailPreferencesState, event: MailPreferencesEvent): MailPreferencesState {
  switch (event.type) {
    case 'RemindersUnsubscribed':
      return { ...state, remindersUnsubscribed: true };
    default:
      return assertNever(event.type);
  }
}

export const mailPreferencesDecider: Decider<
  MailPreferencesState,
  MailPreferencesCommand,
  MailPreferencesEvent
> = {
  decide,
  evolve,
  catalogue: mailPreferencesEvents,
  initialState: () => ({ remindersUnsubscribed: false }),
};
