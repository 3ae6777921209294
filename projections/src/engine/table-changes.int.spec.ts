import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewOrderRow, OrderAttachmentRow, OrderFileRow } from '../orders/orders.table';
import { createProjectionTestDatabase, type ProjectionTestDatabase } from '../testing';
import { loadRows, TableChanges } from './table-changes';

let database: ProjectionTestDatabase;

beforeAll(async () => {
  database = await createProjectionTestDatabase('changes');
});

afterAll(async () => {
  await database.drop();
});

type OrderWrite = Omit<NewOrderRow, 'resume' | 'customer_uploads' | 'attachments'> & {
  resume: Record<string, unknown> | null;
  customer_uploads: OrderFileRow[];
  attachments: OrderAttachmentRow[];
};

const order = (id: string, overrides: Partial<OrderWrite> = {}): OrderWrite => ({
  id,
  user_id: 'user-1',
  user_email: 'asha@example.com',
  service: 'resume_review',
  plan_name: 'Review',
  description: 'A review',
  status: 'pending',
  payment_status: 'unpaid',
  amount: 850,
  currency: 'INR',
  resume: { fileId: 'f-1', name: 'cv.pdf' },
  customer_uploads: [],
  attachments: [],
  review_suggestions: null,
  payment_id: null,
  created_at: '2025-03-01T10:00:00.123Z',
  updated_at: '2025-03-01T10:00:00.123Z',
  paid_at: null,
  completed_at: null,
  erased_at: null,
  ...overrides,
});

async function flush(changes: TableChanges<OrderWrite>): Promise<void> {
  await database.db.transaction().execute((trx) => changes.flush(trx));
}

async function stored(): Promise<Record<string, Record<string, unknown>>> {
  const rows = await database.db.selectFrom('orders').selectAll().orderBy('id').execute();
  return Object.fromEntries(rows.map((row) => [row.id, row]));
}

describe('TableChanges', () => {
  beforeEach(async () => {
    await database.db.deleteFrom('orders').execute();
    const seed = new TableChanges<OrderWrite>('orders', 'id');
    seed.put(order('stored'));
    seed.put(order('doomed'));
    await flush(seed);
  });

  it('writes each row as the statements it stands for would have, in event order', async () => {
    const changes = new TableChanges<OrderWrite>('orders', 'id');
    changes.put(order('new'));
    changes.patch('new', { status: 'completed', completed_at: '2025-03-02T10:00:00.000Z' });
    changes.patch('stored', { payment_status: 'paid', paid_at: '2025-03-03T10:00:00.000Z' });
    changes.patch('stored', { status: 'in_progress' });
    changes.patch('absent', { status: 'completed' });
    changes.remove('doomed');
    changes.patch('doomed', { status: 'completed' });
    changes.remove('new-then-gone');
    await flush(changes);

    const rows = await stored();
    expect(Object.keys(rows)).toEqual(['new', 'stored']);
    expect(rows.new).toMatchObject({
      status: 'completed',
      completed_at: new Date('2025-03-02T10:00:00.000Z'),
      resume: { fileId: 'f-1', name: 'cv.pdf' },
      amount: '850',
    });
    expect(rows.stored).toMatchObject({
      status: 'in_progress',
      payment_status: 'paid',
      paid_at: new Date('2025-03-03T10:00:00.000Z'),
      // Columns no event set keep their stored value.
      created_at: new Date('2025-03-01T10:00:00.123Z'),
      resume: { fileId: 'f-1', name: 'cv.pdf' },
    });
  });

  it('replaces a stored row that is put again, and puts back a row removed earlier', async () => {
    const changes = new TableChanges<OrderWrite>('orders', 'id');
    changes.patch('stored', { review_suggestions: 'gone once the row is put again' });
    changes.put(order('stored', { status: 'refunded', resume: null }));
    changes.remove('doomed');
    changes.put(order('doomed', { plan_name: 'Back' }));
    await flush(changes);

    const rows = await stored();
    expect(rows.stored).toMatchObject({
      status: 'refunded',
      resume: null,
      review_suggestions: null,
    });
    expect(rows.doomed).toMatchObject({ plan_name: 'Back', status: 'pending' });
  });

  it('reads a row as a SELECT would at that point of the batch', async () => {
    const before = await database.db
      .transaction()
      .execute((trx) =>
        loadRows<'orders', { status: string }>(trx, 'orders', 'id', ['status'], ['stored', 'x']),
      );
    expect([...before.keys()]).toEqual(['stored']);

    const changes = new TableChanges<OrderWrite>('orders', 'id');
    expect(changes.current('stored', before.get('stored'))).toEqual({
      id: 'stored',
      status: 'pending',
    });
    changes.patch('stored', { status: 'completed' });
    expect(changes.current('stored', before.get('stored'))?.status).toBe('completed');
    changes.patch('x', { status: 'completed' });
    expect(changes.current('x', before.get('x'))).toBeUndefined();
    changes.remove('stored');
    expect(changes.current('stored', before.get('stored'))).toBeUndefined();
    changes.put(order('stored', { status: 'refunded' }));
    expect(changes.current('stored', before.get('stored'))?.status).toBe('refunded');
  });

  it('patches the rows the batch put that match, and only those', async () => {
    const changes = new TableChanges<OrderWrite>('orders', 'id');
    changes.put(order('mine', { user_id: 'user-2' }));
    changes.put(order('theirs', { user_id: 'user-3' }));
    changes.patchWhere((row) => row.user_id === 'user-2', { user_email: null });
    await flush(changes);
    const rows = await stored();
    expect(rows.mine?.user_email).toBeNull();
    expect(rows.theirs?.user_email).toBe('asha@example.com');
  });
});
