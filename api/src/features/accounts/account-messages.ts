// The account routes' words and password rules are the contract's: the apps show the same ones.
export {
  ACCOUNT_ROUTE_MESSAGES,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '@shortlist/domain/contract';
