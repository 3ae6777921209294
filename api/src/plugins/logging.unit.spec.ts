import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logging';

describe('loggedUrl', () => {
  it('fills in opaque ids only, naming every other path value by its parameter', () => {
    expect(
      loggedUrl({
        url: '/api/orders/o-1/attachments/Asha%20Verma.pdf',
        params: { id: 'o-1', filename: 'Asha Verma.pdf' },
        routeOptions: { url: '/api/orders/:id/attachments/:filename' },
      }),
    ).toBe('/api/orders/o-1/attachments/:filename');
    expect(
      loggedUrl({
        url: '/api/orders/history/asha%40example.com',
        params: { email: 'asha@example.com' },
        routeOptions: { url: '/api/orders/history/:email' },
      }),
    ).toBe('/api/orders/history/:email');
  });

  it('keeps paging and filter values, hides every other query value', () => {
    expect(
      loggedUrl({
        url: '/api/admin/orders?q=asha%40example.com&status=paid&page=2&limit=50&flag',
        params: {},
        routeOptions: { url: '/api/admin/orders' },
      }),
    ).toBe('/api/admin/orders?q=~&status=paid&page=2&limit=50&flag');
  });

  it('hides a path segment holding an e-mail where no route matched', () => {
    expect(loggedUrl({ url: '/api/nope/asha@example.com/x?token=abc' })).toBe(
      '/api/nope/:redacted/x?token=~',
    );
    expect(
      loggedUrl({
        url: '/forgot/asha%40example.com?token=abc',
        params: { '*': 'forgot/asha@example.com' },
        routeOptions: { url: '/*' },
      }),
    ).toBe('/forgot/:redacted?token=~');
  });
});
