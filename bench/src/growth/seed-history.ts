import { createHash, randomUUID } from 'node:crypto';
import { deterministicEventId } from '@shortlist/api';
import {
  accountDecider,
  type Command,
  type CommandMetadata,
  type Currency,
  DEFAULT_REWARD_RULES,
  type Decider,
  DomainError,
  type DomainEvent,
  EMAIL_RESERVATION_STREAM_PREFIX,
  emailReservationDecider,
  fromMinorUnits,
  influencerLedgerDecider,
  influencerStreamName,
  orderDecider,
  orderStreamName,
  type PurchasableServiceId,
  paymentDecider,
  paymentStreamName,
  priceOf,
  resumePayloadSchema,
  toMinorUnits,
  userStreamName,
} from '@shortlist/domain';
import { placeOrderData } from '@shortlist/domain/testing';
import type { JsonObject, NewEvent } from '@shortlist/eventstore';
import { type Random, seededRandom } from './seeded-random';

/*
 * A year of Shortlist's history, decided by the real deciders in memory: every event comes out
 * of `decide` for the command the app would have issued (same types, same payloads, the same
 * deterministic ids where the app derives them, the same metadata), and the referral reactor's
 * reactions are decided here too, with the reactor's ids, so a reactor run over the seeded store
 * finds nothing left to do. The writer appends what one simulated day produced, in four phases
 * (e-mail reservations, accounts, orders and payments, influencer ledgers), so a reader of $all
 * meets a registration before that user's orders and an order's payment before its reward, and
 * an account is only written once its e-mail is held, as register-account.ts does.
 */

/** influencer-referrals.reactor.ts's actor. */
const REFERRAL_REACTOR_ACTOR = 'system:influencer-referrals';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Which phase of a day a stream's events are appended in (see above). */
export type SeedPhase = 0 | 1 | 2 | 3;
const EMAILS: SeedPhase = 0;
const ACCOUNTS: SeedPhase = 1;
const ORDERS: SeedPhase = 2;
const LEDGERS: SeedPhase = 3;

export interface SeedPlanOptions {
  orders: number;
  /** PRNG seed: the same seed gives the same shape of history (ids stay random). */
  seed?: number;
  /** The newest event's time; default now. */
  until?: number;
  /**
   * Marks this run's e-mails and referral codes, so seeding a database again adds people
   * rather than colliding with the first run's (an e-mail is registered once). Default random.
   */
  tag?: string;
}

export interface StreamAppend {
  streamName: string;
  /** The stream's version before these events (-1: a new stream). */
  expectedVersion: number;
  events: NewEvent[];
}

export interface SeedTotals {
  users: number;
  orders: number;
  influencers: number;
  events: number;
  /** Commands the deciders refused, by message: all of them are ones the app would also meet. */
  refusals: Map<string, number>;
}

/** Someone the bench signs in as and searches for, with what is known to be in the seed. */
export interface SeedSample {
  adminId: string;
  adminEmail: string;
  customer: { id: string; email: string; orders: number };
  influencer: { id: string; email: string; referralCode: string };
  /** Search terms with the rows they are known to hit. */
  searches: { orderIdPrefix: string; emailFragment: string; lastName: string };
}

const FIRST_NAMES = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Ayaan',
  'Krishna',
  'Ishaan',
  'Ananya',
  'Diya',
  'Saanvi',
  'Aadhya',
  'Kavya',
  'Ira',
  'Myra',
  'Sara',
  'Anika',
  'Riya',
  'Rahul',
  'Priya',
  'Neha',
  'Rohan',
  'Sneha',
  'Karan',
  'Pooja',
  'Vikram',
  'Meera',
  'Nikhil',
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Ethan',
  'Mia',
  'Lucas',
  'Zara',
  'Omar',
];
const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Iyer',
  'Reddy',
  'Nair',
  'Patel',
  'Gupta',
  'Singh',
  'Kumar',
  'Das',
  'Menon',
  'Rao',
  'Joshi',
  'Kulkarni',
  'Chatterjee',
  'Banerjee',
  'Mehta',
  'Shah',
  'Pillai',
  'Bose',
  'Agarwal',
  'Malhotra',
  'Kapoor',
  'Chopra',
  'Bhat',
  'Hegde',
  'Naidu',
  'Saxena',
  'Mishra',
  'Pandey',
  'Smith',
  'Johnson',
  'Brown',
  'Garcia',
  'Khan',
  'Ali',
  'Fernandes',
  'DSouza',
  'Thomas',
  'George',
];
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.co.in', 'proton.me', 'example.org'];
const ROLES = ['Data Analyst', 'Software Engineer', 'Product Manager', 'UX Designer', 'Accountant'];
const COMPANIES = ['Infosys', 'TCS', 'Wipro', 'Zoho', 'Flipkart', 'Swiggy', 'Acme', 'Freshworks'];

/** The sampled services, with the share of orders each gets. */
const SERVICES: [PurchasableServiceId, number][] = [
  ['resume_from_scratch', 0.4],
  ['resume_rewrite', 0.35],
  ['resume_review', 0.25],
];

interface SimStream {
  // biome-ignore lint/suspicious/noExplicitAny: one map holds the streams of every decider
  decider: Decider<any, any, any>;
  state: unknown;
  version: number;
  phase: SeedPhase;
  pending: NewEvent[];
}

interface Decided {
  id: string;
  type: string;
  data: unknown;
}

interface Person {
  id: string;
  name: string;
  email: string;
  registeredAt: number;
  referral: { influencerId: string; referralCode: string; campaign: null } | null;
  orders: number;
}

/**
 * The history as a list of timed actions; `run` plays them in time order and hands each day's
 * appends to `flush`, phase by phase, awaiting it before the next phase.
 */
export function planSeedHistory(options: SeedPlanOptions) {
  const random = seededRandom(options.seed ?? 13);
  const until = options.until ?? Date.now();
  const from = until - 365 * DAY;
  const orderCount = Math.max(1, Math.floor(options.orders));
  const userCount = Math.max(1, Math.ceil(orderCount / 2));
  const influencerCount = Math.max(2, Math.ceil(orderCount / 2_000));

  const streams = new Map<string, SimStream>();
  /** Streams with pending events, by phase: a day's drain visits only those. */
  const dirty: Set<string>[] = [new Set(), new Set(), new Set(), new Set()];
  const refusals = new Map<string, number>();
  let eventCount = 0;

  /** Runs one command on a stream as handleCommand would; a refusal is counted, not thrown. */
  function run<S, C extends Command, E extends DomainEvent>(
    decider: Decider<S, C, E>,
    streamName: string,
    phase: SeedPhase,
    command: C,
    eventIds?: (index: number) => string,
  ): Decided[] {
    let stream = streams.get(streamName);
    if (stream === undefined) {
      stream = { decider, state: decider.initialState(), version: -1, phase, pending: [] };
      streams.set(streamName, stream);
    }
    let decided: E[];
    try {
      decided = decider.decide(command, stream.state as S);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const key = `${command.type}: ${error.message}`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
      return [];
    }
    const metadata: JsonObject = {
      actor: command.metadata.actor,
      correlationId: command.metadata.correlationId,
      causationId: command.metadata.causationId,
      at: command.metadata.now,
    };
    return decided.map((event, index) => {
      const id = eventIds?.(index) ?? randomUUID();
      stream.state = decider.evolve(stream.state as S, event);
      stream.version += 1;
      stream.pending.push({ id, type: event.type, data: event.data as JsonObject, metadata });
      dirty[stream.phase]?.add(streamName);
      eventCount += 1;
      return { id, type: event.type, data: event.data };
    });
  }

  const meta = (actor: string, at: number, correlationId = randomUUID()): CommandMetadata => ({
    actor,
    correlationId,
    causationId: null,
    now: new Date(at).toISOString(),
  });

  /** As influencer-referrals.reactor.ts: caused by the event, timed at it, ids from its key. */
  const reactorMeta = (trigger: Decided, triggerMeta: CommandMetadata): CommandMetadata => ({
    actor: REFERRAL_REACTOR_ACTOR,
    correlationId: triggerMeta.correlationId,
    causationId: trigger.id,
    now: triggerMeta.now,
  });
  const reactorIds = (commandType: string, key: string) => (index: number) =>
    deterministicEventId(`policy:${commandType}`, `${key}:${index}`);

  const actions: { at: number; act: () => void }[] = [];
  const at = (time: number, act: () => void) => {
    if (time <= until) actions.push({ at: time, act });
  };

  // Staff: one admin, and the influencers (created on the first day).
  const adminId = randomUUID();
  const tag = options.tag ?? randomUUID().slice(0, 6);
  const adminEmail = `admin.${tag}@shortlist.seed`;
  const influencers = Array.from({ length: influencerCount }, (_, index) => ({
    id: randomUUID(),
    name: `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`,
    email: `influencer${index + 1}.${tag}@creators.seed`,
    referralCode: `S${tag}${index + 1}`.toUpperCase(),
  }));
  let passwordHash = '';

  // Staff exist before the first customer registers through a referral link.
  const staffFrom = from - 5 * DAY;
  at(staffFrom, () => {
    registerPerson(
      {
        id: adminId,
        name: 'Seed Admin',
        email: adminEmail,
        registeredAt: staffFrom,
        referral: null,
        orders: 0,
      },
      'admin',
    );
    for (const influencer of influencers) {
      run(influencerLedgerDecider, influencerStreamName(influencer.id), LEDGERS, {
        type: 'CreateInfluencer',
        data: {
          influencerId: influencer.id,
          name: influencer.name,
          email: influencer.email,
          referralCode: influencer.referralCode,
          passwordHash,
        },
        metadata: meta(`admin:${adminId}`, staffFrom),
      });
    }
  });

  function registerPerson(person: Person, role: 'user' | 'admin') {
    const metadata = meta(`user:${person.id}`, person.registeredAt);
    run(emailReservationDecider, emailReservationStreamName(person.email), EMAILS, {
      type: 'ReserveEmail',
      data: { userId: person.id },
      metadata,
    });
    const [registered] = run(accountDecider, userStreamName(person.id), ACCOUNTS, {
      type: 'RegisterUser',
      data: {
        userId: person.id,
        email: person.email,
        name: person.name,
        passwordHash,
        role,
        referral: person.referral,
      },
      metadata,
    });
    if (registered === undefined || person.referral === null) return;
    run(
      influencerLedgerDecider,
      influencerStreamName(person.referral.influencerId),
      LEDGERS,
      {
        type: 'RegisterReferral',
        // Seeded people are distinct, so no two share a person key.
        data: { userId: person.id, userEmail: person.email, personKey: `seed:${person.id}` },
        metadata: reactorMeta(registered, metadata),
      },
      reactorIds('RegisterReferral', person.id),
    );
  }

  // Customers: one registration each, shortly before their first order.
  const orderTimes = Array.from(
    { length: orderCount },
    (_, index) => from + DAY + ((until - HOUR - from - DAY) * (index + random())) / orderCount,
  );
  const people: Person[] = Array.from({ length: userCount }, (_, index) => {
    const first = pick(random, FIRST_NAMES);
    const last = pick(random, LAST_NAMES);
    const referred = random() < 0.3;
    const influencer = influencers[index % influencerCount];
    return {
      id: randomUUID(),
      name: `${first} ${last}`,
      email: `${first}.${last}.${index + 1}.${tag}@${pick(random, DOMAINS)}`.toLowerCase(),
      registeredAt: (orderTimes[index * 2] ?? until) - HOUR - random() * 72 * HOUR,
      referral:
        referred && influencer
          ? { influencerId: influencer.id, referralCode: influencer.referralCode, campaign: null }
          : null,
      orders: 0,
    };
  });
  for (const person of people) at(person.registeredAt, () => registerPerson(person, 'user'));

  const orderIds: string[] = [];
  for (const [index, placedAt] of orderTimes.entries()) {
    const person = people[Math.min(people.length - 1, Math.floor(index / 2))];
    if (person === undefined) continue;
    person.orders += 1;
    const orderId = randomUUID();
    orderIds.push(orderId);
    planOrder(orderId, person, placedAt);
  }

  function planOrder(orderId: string, person: Person, placedAt: number) {
    const service = pickWeighted(random, SERVICES);
    let currency: Currency = random() < 0.8 ? 'INR' : 'USD';
    const switchCurrency = random() < 0.08;
    const paid = random() < 0.85;
    const refunded = paid && random() < 0.03;
    const deleted = !paid && random() < 0.4;
    const customer = `user:${person.id}`;
    const orderStream = orderStreamName(orderId);
    const paymentStream = paymentStreamName(orderId);

    at(placedAt, () => {
      run(orderDecider, orderStream, ORDERS, {
        type: 'PlaceOrder',
        data: placeOrderData({
          orderId,
          userId: person.id,
          userEmail: person.email,
          service,
          description:
            random() < 0.5
              ? ''
              : `Targeting ${pick(random, ROLES)} roles at ${pick(random, COMPANIES)}`,
          currency,
          resume: service === 'resume_from_scratch' ? resumeOf(person, random) : null,
          customerUploads:
            service === 'resume_from_scratch'
              ? []
              : [{ fileId: randomUUID(), name: `${person.name.replace(' ', '_')}_CV.pdf` }],
        }),
        metadata: meta(customer, placedAt),
      });
    });
    if (switchCurrency) {
      at(placedAt + 2 * MINUTE, () => {
        currency = currency === 'INR' ? 'USD' : 'INR';
        run(orderDecider, orderStream, ORDERS, {
          type: 'ChangeOrderCurrency',
          data: { userId: person.id, currency },
          metadata: meta(customer, placedAt + 2 * MINUTE),
        });
      });
    }
    if (deleted) {
      at(placedAt + HOUR, () => {
        run(orderDecider, orderStream, ORDERS, {
          type: 'DeleteOrder',
          data: { userId: person.id },
          metadata: meta(customer, placedAt + HOUR),
        });
      });
    }
    if (!paid) return;

    const paymentId = `pay_seed${randomUUID().replaceAll('-', '').slice(0, 14)}`;
    const providerOrderId = `order_seed${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    at(placedAt + 5 * MINUTE, () => {
      const terms = { amountMinor: toMinorUnits(priceOf(service, currency), currency), currency };
      const requestId = randomUUID();
      const receipt = orderId.slice(0, 40);
      const metadata = meta(customer, placedAt + 5 * MINUTE);
      run(paymentDecider, paymentStream, ORDERS, {
        type: 'RequestCheckout',
        data: { orderId, requestId, receipt, ...terms },
        metadata,
      });
      run(paymentDecider, paymentStream, ORDERS, {
        type: 'StartCheckout',
        data: { orderId, requestId, providerOrderId, receipt, ...terms },
        metadata,
      });
    });
    at(placedAt + 8 * MINUTE, () => {
      const terms = { amountMinor: toMinorUnits(priceOf(service, currency), currency), currency };
      const metadata = meta(customer, placedAt + 8 * MINUTE);
      // As record-captured-payment.ts and settle-captured-payment.ts, ids included.
      run(
        paymentDecider,
        paymentStream,
        ORDERS,
        {
          type: 'RecordPayment',
          data: {
            orderId,
            providerOrderId,
            paymentId,
            ...terms,
            expected: terms,
            source: 'verify',
          },
          metadata,
        },
        (index) => deterministicEventId('payments:settle', `${orderId}:${paymentId}:${index}`),
      );
      const [orderPaid] = run(
        orderDecider,
        orderStream,
        ORDERS,
        {
          type: 'MarkOrderPaid',
          data: {
            paymentId,
            providerOrderId,
            amount: fromMinorUnits(terms.amountMinor, currency),
            currency,
          },
          metadata,
        },
        (index) =>
          deterministicEventId('payments:mark-order-paid', `${orderId}:${paymentId}:${index}`),
      );
      if (orderPaid !== undefined && service === 'resume_review' && person.referral !== null) {
        run(
          influencerLedgerDecider,
          influencerStreamName(person.referral.influencerId),
          LEDGERS,
          {
            type: 'CreditReferralReward',
            data: { userId: person.id, orderId, rules: DEFAULT_REWARD_RULES },
            metadata: reactorMeta(orderPaid, metadata),
          },
          reactorIds('CreditReferralReward', person.id),
        );
      }
    });

    if (refunded) {
      const refundAt = placedAt + 20 * HOUR;
      at(refundAt, () => {
        const metadata = meta(`admin:${adminId}`, refundAt);
        const refundId = `rfnd_seed${randomUUID().replaceAll('-', '').slice(0, 14)}`;
        const amountMinor = toMinorUnits(priceOf(service, currency), currency);
        run(
          paymentDecider,
          paymentStream,
          ORDERS,
          {
            type: 'RecordRefund',
            data: { orderId, paymentId, refundId, amountMinor, currency, reason: 'requested' },
            metadata,
          },
          (index) => deterministicEventId('payments:record-refund', `${refundId}:${index}`),
        );
        const [orderRefunded] = run(
          orderDecider,
          orderStream,
          ORDERS,
          { type: 'RefundOrder', data: { refundId }, metadata },
          (index) =>
            deterministicEventId('payments:refund-order', `${orderId}:${refundId}:${index}`),
        );
        if (orderRefunded !== undefined && person.referral !== null) {
          run(
            influencerLedgerDecider,
            influencerStreamName(person.referral.influencerId),
            LEDGERS,
            {
              type: 'ClawBackReferralReward',
              data: { userId: person.id, orderId },
              metadata: reactorMeta(orderRefunded, metadata),
            },
            reactorIds('ClawBackReferralReward', orderId),
          );
        }
      });
      return;
    }

    // The work: processing, the delivery (or the review's suggestions), completed.
    const admin = `admin:${adminId}`;
    const startedAt = placedAt + (2 + random() * 10) * HOUR;
    const deliveredAt = startedAt + (6 + random() * 20) * HOUR;
    at(startedAt, () =>
      run(orderDecider, orderStream, ORDERS, {
        type: 'SetOrderStatus',
        data: { status: 'processing' },
        metadata: meta(admin, startedAt),
      }),
    );
    at(deliveredAt, () => {
      const metadata = meta(admin, deliveredAt);
      if (service === 'resume_review') {
        run(orderDecider, orderStream, ORDERS, {
          type: 'SaveReviewSuggestions',
          data: { text: `Lead with impact for ${pick(random, ROLES)} roles; quantify results.` },
          metadata,
        });
      } else {
        const filename = `${person.name.replace(' ', '_')}_ATS_Resume.pdf`;
        run(orderDecider, orderStream, ORDERS, {
          type: 'AttachDelivery',
          data: { file: { fileId: randomUUID(), name: filename }, filename },
          metadata,
        });
      }
      run(orderDecider, orderStream, ORDERS, {
        type: 'SetOrderStatus',
        data: { status: 'completed' },
        metadata,
      });
    });
  }

  // Payouts: each influencer asks for the balance monthly; an admin pays two days later.
  for (const influencer of influencers) {
    for (let month = from + 30 * DAY + random() * 5 * DAY; month < until; month += 30 * DAY) {
      const payoutId = randomUUID();
      const requestedAt = month;
      let requested = false;
      at(requestedAt, () => {
        requested =
          run(influencerLedgerDecider, influencerStreamName(influencer.id), LEDGERS, {
            type: 'RequestPayout',
            data: {
              payoutId,
              method: 'upi',
              payeeName: influencer.name,
              mobile: `98${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
              bankName: 'State Bank of India',
              accountNumber: '',
              ifsc: '',
              upiId: `${influencer.referralCode.toLowerCase()}@okaxis`,
            },
            metadata: meta(`influencer:${influencer.id}`, requestedAt),
          }).length > 0;
      });
      at(requestedAt + 2 * DAY, () => {
        if (!requested) return;
        // Approved (netting any debt), then paid with the bank's reference.
        run(influencerLedgerDecider, influencerStreamName(influencer.id), LEDGERS, {
          type: 'ApprovePayout',
          data: { payoutId },
          metadata: meta(`admin:${adminId}`, requestedAt + 2 * DAY),
        });
        run(influencerLedgerDecider, influencerStreamName(influencer.id), LEDGERS, {
          type: 'MarkPayoutPaid',
          data: { payoutId, txnId: `UTR${Math.floor(random() * 1e12)}` },
          metadata: meta(`admin:${adminId}`, requestedAt + 2 * DAY),
        });
      });
    }
  }

  actions.sort((a, b) => a.at - b.at);

  /** The appends one phase of the day produced; the streams' versions move on. */
  function drain(phase: SeedPhase): StreamAppend[] {
    const appends: StreamAppend[] = [];
    const names = dirty[phase] ?? new Set<string>();
    for (const streamName of names) {
      const stream = streams.get(streamName);
      if (stream === undefined || stream.pending.length === 0) continue;
      appends.push({
        streamName,
        expectedVersion: stream.version - stream.pending.length,
        events: stream.pending,
      });
      stream.pending = [];
    }
    names.clear();
    return appends;
  }

  const customer = people.find((person) => person.orders >= 2) ?? people[0];
  const searched = people[Math.floor(people.length / 2)] ?? people[0];
  const influencer = influencers[0];
  if (customer === undefined || searched === undefined || influencer === undefined) {
    throw new Error('the seed needs at least one customer and one influencer');
  }
  const sample: SeedSample = {
    adminId,
    adminEmail,
    customer: { id: customer.id, email: customer.email, orders: customer.orders },
    influencer: {
      id: influencer.id,
      email: influencer.email,
      referralCode: influencer.referralCode,
    },
    searches: {
      orderIdPrefix: (orderIds[Math.floor(orderIds.length / 3)] ?? '').slice(0, 8),
      emailFragment: searched.email.split('@')[0] ?? searched.email,
      lastName: searched.name.split(' ')[1] ?? searched.name,
    },
  };

  return {
    sample,
    /**
     * Plays the history. `passwordHash` is every seeded account's (one real argon2 hash, so
     * anyone may sign in to a seeded database with the password it was made from).
     */
    async run(
      hash: string,
      flush: (appends: StreamAppend[], phase: SeedPhase) => Promise<void>,
    ): Promise<SeedTotals> {
      passwordHash = hash;
      let day = Math.floor((actions[0]?.at ?? from) / DAY);
      const flushDay = async () => {
        for (const phase of [EMAILS, ACCOUNTS, ORDERS, LEDGERS]) {
          const appends = drain(phase);
          if (appends.length > 0) await flush(appends, phase);
        }
      };
      for (const action of actions) {
        const actionDay = Math.floor(action.at / DAY);
        if (actionDay !== day) {
          await flushDay();
          day = actionDay;
        }
        action.act();
      }
      await flushDay();
      return {
        users: userCount,
        orders: orderCount,
        influencers: influencerCount,
        events: eventCount,
        refusals,
      };
    },
  };
}

/** As register-account.ts names the e-mail's reservation stream. */
function emailReservationStreamName(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `${EMAIL_RESERVATION_STREAM_PREFIX}${digest}`;
}

function resumeOf(person: Person, random: Random) {
  const role = pick(random, ROLES);
  const company = pick(random, COMPANIES);
  return resumePayloadSchema.parse({
    degreeLevel: 'Bachelors',
    majorPrimary: 'Data Science',
    majorOther: '',
    targetRoles: [role],
    personal: {
      pid: person.id,
      fullName: person.name,
      email: person.email,
      phone: `9${String(Math.floor(random() * 1e9)).padStart(9, '0')}`,
      address: 'Bengaluru, India',
      linkedin: `https://linkedin.com/in/${person.email.split('@')[0]}`,
      github: 'N/A',
    },
    summary: `${role} with three years at ${company}, shipping measurable results.`,
    work: [
      {
        jobTitle: role,
        company,
        location: 'Bengaluru',
        start: '2022-07',
        end: 'N/A',
        responsibilities: 'Built dashboards and automated weekly reporting for four teams.',
      },
    ],
    edu: [
      {
        degree: 'BSc',
        institution: 'VTU',
        location: 'Bengaluru',
        start: '2018-08',
        end: '2022-05',
        major: 'Computer Science',
      },
    ],
    skills: { techSkills: 'SQL, Python, Excel', softSkills: 'Communication, Ownership' },
    projects: [
      { name: 'Churn model', desc: 'Predicted churn', tech: 'Python', role: 'Lead', link: 'N/A' },
    ],
    certs: [{ name: 'N/A', org: 'N/A', date: 'N/A' }],
    langs: [{ name: 'English', level: 'Advanced' }],
    currency: 'inr',
  });
}

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function pickWeighted<T>(random: Random, weighted: readonly [T, number][]): T {
  let roll = random();
  for (const [item, weight] of weighted) {
    roll -= weight;
    if (roll < 0) return item;
  }
  const last = weighted.at(-1);
  if (last === undefined) throw new Error('pick from an empty list');
  return last[0];
}
