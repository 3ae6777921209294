import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../testing/fetch-stub';
import { createPrefetchingApiClient, PREFETCH_KEPT_MS } from './prefetching-client';

describe('prefetch', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  let token: string | null;

  beforeEach(() => {
    token = 'abc.def';
    fetchMock = vi.fn<typeof fetch>();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const client = () => createPrefetchingApiClient({ getToken: () => token, fetch: fetchMock });
  const answers = (...bodies: unknown[]) => {
    for (const body of bodies) fetchMock.mockResolvedValueOnce(json(200, body));
  };
  const lastCall = () => {
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    return { url: String(url), headers: new Headers(init?.headers) };
  };

  it("starts the GET at once; the screen's call takes its answer, once", async () => {
    answers({ answer: 'prefetched' }, { answer: 'asked again' });
    const api = client();

    api.prefetch('/influencer/dashboard');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(lastCall().url).toBe('/api/influencer/dashboard');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer abc.def');

    await expect(api.get('/influencer/dashboard')).resolves.toEqual({ answer: 'prefetched' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(api.get('/influencer/dashboard')).resolves.toEqual({ answer: 'asked again' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks nothing without a session token', () => {
    token = null;
    client().prefetch('/influencer/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not taken by another address, a command, or a call with another token', async () => {
    token = 'first';
    answers(
      { answer: 'prefetched' },
      { answer: 'other' },
      { answer: 'posted' },
      { answer: 'second' },
    );
    const api = client();
    api.prefetch('/influencer/dashboard');

    await expect(api.get('/influencer/funnel')).resolves.toEqual({ answer: 'other' });
    await expect(api.post('/influencer/dashboard')).resolves.toEqual({ answer: 'posted' });
    token = 'second';
    await expect(api.get('/influencer/dashboard')).resolves.toEqual({ answer: 'second' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it(`asks again once the answer has waited more than ${PREFETCH_KEPT_MS} ms`, async () => {
    vi.useFakeTimers();
    answers({ answer: 'prefetched' }, { answer: 'fresh' });
    const api = client();
    api.prefetch('/influencer/dashboard');
    vi.advanceTimersByTime(PREFETCH_KEPT_MS + 1);

    await expect(api.get('/influencer/dashboard')).resolves.toEqual({ answer: 'fresh' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks again when the prefetch found no network', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    answers({ answer: 'second try' });
    const api = client();
    api.prefetch('/influencer/dashboard');

    await expect(api.get('/influencer/dashboard')).resolves.toEqual({ answer: 'second try' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('hands the screen an error answer as it came, with its message', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Please log in again.' }));
    const api = client();
    api.prefetch('/influencer/dashboard');

    await expect(api.get('/influencer/dashboard')).rejects.toMatchObject({
      status: 401,
      message: 'Please log in again.',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
