import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AtsReport } from '../ats';
import type { CommandMetadata } from '../core/decider';
import { DeciderSpecification } from '../core/decider-spec';
import { DomainError } from '../core/domain-error';
import { orderPlacedData, placeOrderData } from '../testing/order-fixture';
import { atsCheckFactsOf } from './ats-check-facts';
import {
  type AtsCheckFacts,
  ORDER_MESSAGES,
  type OrderCommand,
  type PlaceOrder,
} from './order.commands';
import { type OrderState, orderDecider } from './order.decider';
import type { OrderEvent, OrderPlaced } from './order.events';

const metadata: CommandMetadata = {
  actor: 'user:u1',
  correlationId: 'c1',
  causationId: null,
  now: '2026-11-22T10:00:00.000Z',
};

const place = (overrides: Partial<PlaceOrder['data']> = {}): PlaceOrder => ({
  type: 'PlaceOrder',
  data: placeOrderData({
    orderId: 'o1',
    userId: 'u1',
    description: '   ',
    customerUploads: [{ fileId: 'f1', name: 'cv.pdf' }],
    ...overrides,
  }),
  metadata,
});

// Plan name, description and amount spelled out: they are what the decider is checked to derive.
const placedReview: OrderPlaced = {
  type: 'OrderPlaced',
  data: orderPlacedData({
    orderId: 'o1',
    userId: 'u1',
    planName: 'Resume Review',
    description: 'Resume review requested',
    amount: 200,
    customerUploads: [{ fileId: 'f1', name: 'cv.pdf' }],
  }),
};

const paid: OrderEvent = {
  type: 'OrderPaid',
  data: {
    orderId: 'o1',
    paymentId: 'pay_1',
    providerOrderId: 'order_1',
    amount: 200,
    currency: 'INR',
  },
};

const spec = DeciderSpecification.for(orderDecider);
const cmd = <C extends OrderCommand>(type: C['type'], data: C['data']) =>
  ({ type, data, metadata }) as C;

describe('Order decider', () => {
  it('places an order priced from the table, with the default description', () => {
    spec.given([]).when(place()).then([placedReview]);
  });

  it('prices in the chosen currency and keeps a written note', () => {
    const [event] = orderDecider.decide(
      place({ service: 'resume_rewrite', currency: 'USD', description: ' Focus on ATS ' }),
      orderDecider.initialState(),
    );
    expect(event?.type === 'OrderPlaced' && event.data).toMatchObject({
      amount: 14,
      currency: 'USD',
      description: 'Focus on ATS',
      planName: 'ATS Resume – Rewrite',
    });
  });

  it('switches currency while unpaid, re-pricing from the table', () => {
    spec
      .given([placedReview])
      .when(cmd('ChangeOrderCurrency', { userId: 'u1', currency: 'USD' }))
      .then([
        { type: 'OrderCurrencyChanged', data: { orderId: 'o1', currency: 'USD', amount: 3 } },
      ]);
  });

  it('refuses a currency switch or delete once paid, or by someone else', () => {
    spec
      .given([placedReview, paid])
      .when(cmd('ChangeOrderCurrency', { userId: 'u1', currency: 'USD' }))
      .thenThrows('conflict', ORDER_MESSAGES.alreadyPaid);
    spec
      .given([placedReview, paid])
      .when(cmd('DeleteOrder', { userId: 'u1' }))
      .thenThrows('conflict', ORDER_MESSAGES.paidCannotBeDeleted);
    spec
      .given([placedReview])
      .when(cmd('DeleteOrder', { userId: 'u2' }))
      .thenThrows('forbidden', ORDER_MESSAGES.notYours);
  });

  it('marks paid once; a second report of the payment changes nothing', () => {
    const markPaid = cmd('MarkOrderPaid', {
      paymentId: 'pay_1',
      providerOrderId: 'order_1',
      amount: 200,
      currency: 'INR',
    });
    spec.given([placedReview]).when(markPaid).then([paid]);
    spec.given([placedReview, paid]).when(markPaid).then([]);
  });

  it('refuses a payment whose amount or currency differs from the order', () => {
    spec
      .given([placedReview])
      .when(
        cmd('MarkOrderPaid', {
          paymentId: 'pay_1',
          providerOrderId: 'order_1',
          amount: 1,
          currency: 'INR',
        }),
      )
      .thenThrows('invalid', ORDER_MESSAGES.amountMismatch);
  });

  it('saves suggestions only on review orders', () => {
    spec
      .given([placedReview])
      .when(cmd('SaveReviewSuggestions', { text: ' Use action verbs. ' }))
      .then([
        { type: 'ReviewSuggestionsSaved', data: { orderId: 'o1', text: 'Use action verbs.' } },
      ]);
    const rewrite: OrderPlaced = {
      ...placedReview,
      data: { ...placedReview.data, service: 'resume_rewrite' },
    };
    spec
      .given([rewrite])
      .when(cmd('SaveReviewSuggestions', { text: 'x' }))
      .thenThrows('invalid', ORDER_MESSAGES.suggestionsOnlyForReview);
  });

  it('refunds a paid order only while it is pending', () => {
    spec
      .given([placedReview, paid])
      .when(cmd('RefundOrder', { refundId: 'rfnd_1' }))
      .then([
        {
          type: 'OrderRefunded',
          data: { orderId: 'o1', refundId: 'rfnd_1', amount: 200, currency: 'INR' },
        },
      ]);
    spec
      .given([
        placedReview,
        paid,
        { type: 'OrderStatusChanged', data: { orderId: 'o1', from: 'pending', to: 'processing' } },
      ])
      .when(cmd('RefundOrder', { refundId: 'rfnd_1' }))
      .thenThrows('conflict', ORDER_MESSAGES.refundOnlyWhilePending);
  });

  it('refuses to set an unpaid order processing or completed; pending stays possible', () => {
    for (const status of ['processing', 'completed'] as const) {
      spec
        .given([placedReview])
        .when(cmd('SetOrderStatus', { status }))
        .thenThrows('conflict', ORDER_MESSAGES.unpaidCannotProgress);
      spec
        .given([placedReview, paid])
        .when(cmd('SetOrderStatus', { status }))
        .then([
          { type: 'OrderStatusChanged', data: { orderId: 'o1', from: 'pending', to: status } },
        ]);
    }
    spec
      .given([placedReview])
      .when(cmd('SetOrderStatus', { status: 'pending' }))
      .then([]);
    // Set before this rule existed: the admin can still take it back to pending.
    const completedUnpaid: OrderEvent = {
      type: 'OrderStatusChanged',
      data: { orderId: 'o1', from: 'pending', to: 'completed' },
    };
    spec
      .given([placedReview, completedUnpaid])
      .when(cmd('SetOrderStatus', { status: 'pending' }))
      .then([
        { type: 'OrderStatusChanged', data: { orderId: 'o1', from: 'completed', to: 'pending' } },
      ]);
  });

  it('lets a free order (nothing to pay) be processed and completed', () => {
    const free: OrderPlaced = { ...placedReview, data: { ...placedReview.data, amount: 0 } };
    spec
      .given([free])
      .when(cmd('SetOrderStatus', { status: 'completed' }))
      .then([
        { type: 'OrderStatusChanged', data: { orderId: 'o1', from: 'pending', to: 'completed' } },
      ]);
  });

  it('expires an unpaid order as a deletion, once; never a paid or a free one', () => {
    const expire = cmd('ExpireUnpaidOrder', {});
    const deleted: OrderEvent = { type: 'OrderDeleted', data: { orderId: 'o1' } };
    spec.given([placedReview]).when(expire).then([deleted]);
    spec.given([placedReview, deleted]).when(expire).thenThrows('gone', ORDER_MESSAGES.deleted);
    spec
      .given([placedReview, paid])
      .when(expire)
      .thenThrows('conflict', ORDER_MESSAGES.alreadyPaid);
    const free: OrderPlaced = { ...placedReview, data: { ...placedReview.data, amount: 0 } };
    spec.given([free]).when(expire).thenThrows('conflict', ORDER_MESSAGES.noPaymentRequired);
    spec.given([]).when(expire).thenThrows('not_found', ORDER_MESSAGES.notFound);
  });

  it('removes only an attachment that exists', () => {
    const attached: OrderEvent = {
      type: 'DeliveryAttached',
      data: { orderId: 'o1', file: { fileId: 'f9', name: 'final.pdf' }, filename: 'final.pdf' },
    };
    spec
      .given([placedReview, attached])
      .when(cmd('RemoveDelivery', { filename: 'final.pdf' }))
      .then([{ type: 'DeliveryRemoved', data: { orderId: 'o1', filename: 'final.pdf' } }]);
    spec
      .given([placedReview])
      .when(cmd('RemoveDelivery', { filename: 'final.pdf' }))
      .thenThrows('not_found', ORDER_MESSAGES.attachmentNotFound);
  });
});

describe('opening a delivery', () => {
  const attached: OrderEvent = {
    type: 'DeliveryAttached',
    data: { orderId: 'o1', file: { fileId: 'f2', name: 'new-cv.pdf' }, filename: 'new-cv.pdf' },
  };
  const opened: OrderEvent = { type: 'DeliveryOpened', data: { orderId: 'o1' } };
  const open = (userId = 'u1') => cmd('OpenDelivery', { userId });

  it('records the first opening of a delivery, once', () => {
    spec.given([placedReview, paid, attached]).when(open()).then([opened]);
    spec.given([placedReview, paid, attached, opened]).when(open()).then([]);
  });

  it('counts suggestions as a delivery, and a new delivery after an opening as new again', () => {
    const suggestions: OrderEvent = {
      type: 'ReviewSuggestionsSaved',
      data: { orderId: 'o1', text: 'Lead with numbers.' },
    };
    spec.given([placedReview, paid, suggestions]).when(open()).then([opened]);
    spec.given([placedReview, paid, attached, opened, suggestions]).when(open()).then([opened]);
  });

  it('records nothing before anything is delivered', () => {
    spec.given([placedReview, paid]).when(open()).then([]);
  });

  it("is the owner's alone: anyone else is refused", () => {
    spec
      .given([placedReview, paid, attached])
      .when(open('u2'))
      .thenThrows('forbidden', ORDER_MESSAGES.notYours);
  });
});

describe('the ATS check on an order', () => {
  const report: AtsReport = {
    score: 74,
    kind: 'pdf',
    pages: 1,
    words: 412,
    columns: 1,
    checks: [
      {
        id: 'dates',
        title: 'Dates',
        status: 'fail',
        message: 'An ATS cannot read “Summer 19” as a date: write every date as month and year.',
      },
      { id: 'text-layer', title: 'Readable text', status: 'pass', message: 'Real text.' },
    ],
    fields: {
      name: 'Asha Verma',
      email: 'asha@example.com',
      phone: null,
      location: 'Pune, India',
      linkedin: null,
      jobs: [{ title: 'Data Analyst', company: 'Acme', dates: 'Feb 2023 – Present' }],
      education: [],
      skills: ['SQL'],
    },
    sections: [{ kind: 'experience', title: 'Experience' }],
    text: 'Asha Verma\nExperience',
    keywords: {
      found: ['sql'],
      missing: ['tableau'],
      percent: 50,
      required: ['sql'],
      preferred: [],
    },
    limitations: [],
  };
  const facts: AtsCheckFacts = atsCheckFactsOf(report);

  it("keeps the verdicts in clear and the parser's reading of the file apart, to be sealed", () => {
    expect(facts).toEqual({
      score: 74,
      kind: 'pdf',
      pages: 1,
      words: 412,
      checks: [
        { id: 'dates', title: 'Dates', status: 'fail' },
        { id: 'text-layer', title: 'Readable text', status: 'pass' },
      ],
      jobMatch: { found: ['sql'], missing: ['tableau'], percent: 50 },
      limitations: [],
      checkMessages: [
        'An ATS cannot read “Summer 19” as a date: write every date as month and year.',
        'Real text.',
      ],
      extractedText: 'Asha Verma\nExperience',
      fields: report.fields,
    });
  });

  it('records the check with the order it was placed with, in the same append', () => {
    spec
      .given([])
      .when(place({ atsCheck: facts }))
      .then([placedReview, { type: 'AtsCheckRecorded', data: { orderId: 'o1', ...facts } }]);
  });

  it('refuses a check on an order with no uploaded file', () => {
    spec
      .given([])
      .when(place({ service: 'resume_from_scratch', customerUploads: [], atsCheck: facts }))
      .thenThrows('invalid', ORDER_MESSAGES.atsCheckNeedsUpload);
  });
});

describe('Order invariants over any command sequence', () => {
  const commandArb: fc.Arbitrary<OrderCommand> = fc.oneof(
    fc.constant(place()),
    fc
      .record({ userId: fc.constantFrom('u1', 'u2'), currency: fc.constantFrom('INR', 'USD') })
      .map((data) => cmd('ChangeOrderCurrency', data)),
    fc.constantFrom('u1', 'u2').map((userId) => cmd('DeleteOrder', { userId })),
    fc.constant(cmd('ExpireUnpaidOrder', {})),
    fc
      .record({
        paymentId: fc.constantFrom('pay_1', 'pay_2'),
        providerOrderId: fc.constant('order_1'),
        amount: fc.constantFrom(200, 3, 1),
        currency: fc.constantFrom('INR', 'USD'),
      })
      .map((data) => cmd('MarkOrderPaid', data)),
    fc
      .constantFrom('pending', 'processing', 'completed')
      .map((status) => cmd('SetOrderStatus', { status })),
    fc.constant(cmd('SaveReviewSuggestions', { text: 'Good' })),
    fc.constant(cmd('RefundOrder', { refundId: 'r1' })),
    fc.constant(cmd('EraseOrderData', {})),
    fc.constant(
      cmd('AttachDelivery', { file: { fileId: 'f9', name: 'cv.pdf' }, filename: 'cv.pdf' }),
    ),
    fc.constantFrom('u1', 'u2').map((userId) => cmd('OpenDelivery', { userId })),
  );

  it('never goes from paid back to unpaid, a deleted order takes no command, and work waits for payment', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 30 }), (commands) => {
        let state: OrderState = orderDecider.initialState();
        for (const command of commands) {
          const before = state;
          let events: OrderEvent[];
          try {
            events = orderDecider.decide(command, state);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
            continue;
          }
          if (before.kind === 'placed' && before.deleted) {
            throw new Error(`deleted order accepted ${command.type}`);
          }
          state = events.reduce(orderDecider.evolve, state);
          if (before.kind === 'placed' && before.paymentId !== null) {
            expect(state.kind === 'placed' && state.paymentId).toBe(before.paymentId);
          }
          if (state.kind === 'placed' && state.paymentId !== null) {
            expect(state.deleted).toBe(false);
          }
          // A delivery is opened once, by its owner, and only once something was delivered.
          if (events.some((event) => event.type === 'DeliveryOpened')) {
            expect(command.type === 'OpenDelivery' && command.data.userId).toBe('u1');
            expect(before.kind === 'placed' && before.unopenedDelivery).toBe(true);
            expect(state.kind === 'placed' && state.unopenedDelivery).toBe(false);
          }
          // Work on an order (processing, completed) starts only once it is paid.
          if (state.kind === 'placed' && state.paymentId === null && state.amount > 0) {
            const moved = events.some(
              (event) => event.type === 'OrderStatusChanged' && event.data.to !== 'pending',
            );
            expect(moved).toBe(false);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
