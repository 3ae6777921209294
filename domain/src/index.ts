// The package edge (STYLE.md: one index per package). Test helpers live in
// `@shortlist/domain/testing` so the web bundles never pull in vitest.

export * from './accounts';
export * from './ats';
export * from './contact';
export {
  hasForbiddenCharacters,
  isWellFormedText,
  multiLineText,
  scrubText,
  singleLineText,
  TEXT_MESSAGES,
} from './contract/text';
export {
  asDecidedEvent,
  type CatalogueOf,
  decodeForDecider,
  type StoredEventMetadata,
  storedEventMetadata,
  UndecodableEventError,
} from './core/decided-event';
export {
  assertNever,
  type Command,
  type CommandMetadata,
  type Decider,
  type DomainEvent,
  type EventMetadata,
  eventMetadataFrom,
  fold,
} from './core/decider';
export { DomainError, type DomainErrorKind } from './core/domain-error';
export {
  catalogueTypes,
  type DecodeResult,
  decodeEvent,
  type EventCatalogue,
  eventCatalogue,
  type StoredEventOf,
} from './core/event-catalogue';
export type { Workflow } from './core/workflow';
export * from './influencers';
export * from './mail-preferences';
export * from './orders';
export * from './payments';
export { EVENT_CATALOGUES, PERSONAL_FIELDS, personalFieldsOf } from './personal-fields';
export {
  CURRENCIES,
  type Currency,
  type CurrencyCode,
  DEFAULT_CURRENCY,
  isCurrency,
  parseCurrency,
  parseCurrencyOrDefault,
  toCurrencyCode,
} from './pricing/currency';
export { currencySchema } from './pricing/currency-schema';
export {
  formatPrice,
  fromMinorUnits,
  isFree,
  listPriceOf,
  PRICE_TABLE,
  type Price,
  type PriceQuote,
  priceOf,
  quoteOf,
  savings,
  toMinorUnits,
} from './pricing/price-table';
export {
  isPurchasableService,
  isServiceId,
  PURCHASABLE_SERVICE_IDS,
  type PurchasableServiceId,
  purchasableServiceSchema,
  SERVICE_CATALOGUE,
  SERVICE_IDS,
  type ServiceId,
  type ServiceInfo,
  serviceInfo,
} from './pricing/service-catalogue';
export * from './resume/resume-options';
export * from './resume/resume-payload.schema';
