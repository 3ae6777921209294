// The domain pieces this slice uses. The package index (domain/src/index.ts) does not export the
// orders and payments modules yet, and that file belongs to another change; until it does, this
// is the ONE place that reaches into the domain package by path. Lead: once the index exports
// them, replace the paths below with '@shortlist/domain'.

export {
  type Command,
  type CommandMetadata,
  type Currency,
  DomainError,
  fold,
  fromMinorUnits,
  isCurrency,
  toMinorUnits,
} from '@shortlist/domain';
export * from '../../../domain/src/orders/order.decider';
export * from '../../../domain/src/orders/order.events';
export * from '../../../domain/src/payments/index';
