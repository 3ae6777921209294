// The order aggregate's edge (stream `order-{orderId}`).

export * from './ats-check-facts';
export * from './delivery-promise';
export * from './order.commands';
export * from './order.decider';
export * from './order.events';
export * from './unpaid-orders';
