import { describe, expectTypeOf, it } from 'vitest';
import type { ReferralAttribution, UserRegistered } from '../accounts/account.events';
import type { QueryOpened } from '../contact/query.events';
import type { PayoutApproved, PayoutRequested } from '../influencers/influencer-ledger.events';
import type { PlaceOrder } from '../orders/order.commands';
import type {
  AtsCheckRecorded,
  OrderEvent,
  OrderPlaced,
  StoredFileRef,
  StoredOrderEvent,
} from '../orders/order.events';
import type { RefundIssued } from '../payments/payment.events';
import type { Currency } from '../pricing/currency';
import type { PurchasableServiceId } from '../pricing/service-catalogue';
import type { ResumePayload } from '../resume/resume-payload.schema';

// The event types are inferred from the catalogues; these pin what the inference must give, so
// a change to `EventOf` (or a schema) that widens a type to `any`, adds the store's `| null` to
// what `decide` writes, or drops an optional key fails the typecheck here.

describe('event types inferred from the catalogues', () => {
  it('give decide the personal fields without the null the store adds', () => {
    expectTypeOf<OrderPlaced['data']>().toEqualTypeOf<{
      orderId: string;
      userId: string;
      userEmail: string;
      service: PurchasableServiceId;
      planName: string;
      description: string;
      amount: number;
      currency: Currency;
      resume: ResumePayload | null;
      customerUploads: StoredFileRef[];
    }>();
    expectTypeOf<StoredFileRef>().toEqualTypeOf<{ fileId: string; name: string }>();
    // A field personal and nullable in its own right keeps its own null.
    expectTypeOf<QueryOpened['data']['pid']>().toEqualTypeOf<string | null>();
    expectTypeOf<AtsCheckRecorded['data']['extractedText']>().toEqualTypeOf<string>();
    expectTypeOf<UserRegistered['data']['email']>().toEqualTypeOf<string>();
  });

  it('read personal fields back as possibly erased', () => {
    type StoredPlaced = Extract<StoredOrderEvent, { type: 'OrderPlaced' }>['data'];
    expectTypeOf<StoredPlaced['userEmail']>().toEqualTypeOf<string | null>();
    expectTypeOf<StoredPlaced['customerUploads']>().toEqualTypeOf<StoredFileRef[] | null>();
  });

  it('require defaulted fields of decide and keep optional keys optional', () => {
    // `.default()`: the parsed (z.output) type, so decide must write the field.
    expectTypeOf<PayoutRequested['data']['method']>().toEqualTypeOf<'bank' | 'upi'>();
    expectTypeOf<PayoutRequested['data']['accountNumber']>().toEqualTypeOf<string>();
    expectTypeOf<ReferralAttribution['campaign']>().toEqualTypeOf<string | null>();
    // `nullBefore`: older events read null, decide always writes a number.
    expectTypeOf<PayoutApproved['data']['amount']>().toEqualTypeOf<number>();
    expectTypeOf<PayoutApproved['data']['netted']>().toEqualTypeOf<number>();
    expectTypeOf<RefundIssued['data']>().toHaveProperty('reason');
    expectTypeOf<{ orderId: 'o1' }>().not.toMatchTypeOf<RefundIssued['data']>();
    expectTypeOf<Omit<RefundIssued['data'], 'reason'>>().toMatchTypeOf<RefundIssued['data']>();
  });

  it('name every event type of the catalogue in the union, and commands pick event data', () => {
    expectTypeOf<OrderEvent['type']>().toEqualTypeOf<
      | 'OrderPlaced'
      | 'OrderCurrencyChanged'
      | 'OrderDeleted'
      | 'OrderPaid'
      | 'OrderStatusChanged'
      | 'DeliveryAttached'
      | 'DeliveryRemoved'
      | 'ReviewSuggestionsSaved'
      | 'OrderRefunded'
      | 'OrderDataErased'
      | 'DeliveryOpened'
      | 'AtsCheckRecorded'
    >();
    expectTypeOf<PlaceOrder['data']['userEmail']>().toEqualTypeOf<string>();
    expectTypeOf<PlaceOrder['data']>().not.toHaveProperty('planName');
  });
});
