import { clearInfluencerSession } from '@shortlist/web-kit';
import { json, requestsOf, type StubRequest, stubFetch } from '@shortlist/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  clearInfluencerSession();
  vi.unstubAllGlobals();
});

const query = {
  _id: 'q-1',
  subject: 'General Issue',
  message: 'My link shows no registrations.',
  status: 'resolved',
  influencerId: { _id: 'inf-1', name: 'Riya Sen' },
  replies: [{ at: '2025-11-21T09:00:00.000Z', by: 'Shortlist support', body: 'Fixed now, sorry!' }],
  createdAt: '2025-11-20T10:00:00.000Z',
};

function stubQueries(
  post: (request: StubRequest) => Response | Promise<Response>,
  items = [query],
) {
  return stubFetch((request) =>
    request.method === 'POST' ? post(request) : json(200, { ok: true, items }),
  );
}

describe('queries', () => {
  it('lists the influencer’s own queries with their replies', async () => {
    const fetchMock = stubQueries(() => json(500, {}));
    await renderApp('/influencer/queries');

    const item = (await screen.findByRole('heading', { level: 3, name: 'General Issue' })).closest(
      'li',
    );
    if (!item) throw new Error('no query item');
    expect(within(item).getByText('Resolved')).toBeVisible();
    expect(within(item).getByText('My link shows no registrations.')).toBeVisible();
    expect(within(item).getByText('Fixed now, sorry!')).toBeVisible();
    expect(requestsOf(fetchMock)[0]?.path).toBe('/api/influencer/queries/inf-1');
  });

  it('shows an empty state when there are none', async () => {
    stubQueries(() => json(500, {}), []);
    await renderApp('/influencer/queries');
    expect(await screen.findByRole('heading', { name: 'No queries yet' })).toBeVisible();
  });

  it('needs text before sending', async () => {
    const fetchMock = stubQueries(() => json(500, {}));
    await renderApp('/influencer/queries');

    await userEvent.type(screen.getByLabelText(/^Your issue/), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.getByText('Enter your issue')).toBeVisible();
    expect(requestsOf(fetchMock).filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('sends the issue as General Issue, clears the box, says so and reloads the list', async () => {
    const fetchMock = stubQueries(() =>
      json(201, { ok: true, message: 'Your issue was sent.', item: query }),
    );
    await renderApp('/influencer/queries');

    await userEvent.type(screen.getByLabelText(/^Your issue/), ' Payout is late ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Your issue was sent.')).toBeVisible();
    const posts = requestsOf(fetchMock).filter((request) => request.method === 'POST');
    expect(posts[0]).toMatchObject({
      path: '/api/influencer/queries',
      body: { influencerId: 'inf-1', subject: 'General Issue', message: 'Payout is late' },
    });
    expect(screen.getByLabelText(/^Your issue/)).toHaveValue('');
    await waitFor(() =>
      expect(
        requestsOf(fetchMock).filter((request) => request.method === 'GET').length,
      ).toBeGreaterThan(1),
    );
  });

  it('keeps the text and says so when sending fails', async () => {
    stubQueries(() => json(500, {}));
    await renderApp('/influencer/queries');

    await userEvent.type(screen.getByLabelText(/^Your issue/), 'Payout is late');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Failed to send your issue')).toBeVisible();
    expect(screen.getByLabelText(/^Your issue/)).toHaveValue('Payout is late');
  });

  it('shows a failed load with Retry', async () => {
    stubFetch(() => json(401, { message: 'Authentication required' }));
    await renderApp('/influencer/queries');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unauthorized. Please log in again.',
    );
  });
});
