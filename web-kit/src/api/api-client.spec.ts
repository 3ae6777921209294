import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../session/session';
import { createApiClient, sessionConsistencyTokens } from './api-client';
import { ApiError, errorMessage } from './api-error';

function jsonResponse(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  let token: string | null;

  beforeEach(() => {
    token = null;
    fetchMock = vi.fn<typeof fetch>();
  });

  const client = () => createApiClient({ getToken: () => token, fetch: fetchMock });
  const lastCall = () => {
    const call = fetchMock.mock.calls.at(-1);
    if (!call) throw new Error('fetch was not called');
    const [url, init] = call;
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
  };

  it('sends JSON to /api with the bearer token and returns the JSON answer', async () => {
    token = 'abc.def';
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Query received' }));

    const answer = await client().post('/queries', {
      pid: 'u1',
      contactemail: 'a@b.c',
      contactmessage: 'Hi',
    });

    expect(answer).toEqual({ message: 'Query received' });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/queries');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"pid":"u1","contactemail":"a@b.c","contactmessage":"Hi"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer abc.def');
  });

  it('leaves out Authorization without a token, and empty query values', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { items: [] }));

    await client().get('/admin/orders', {
      query: { q: 'asha', status: undefined, page: 1, limit: null },
    });

    const { url, headers, init } = lastCall();
    expect(url).toBe('/api/admin/orders?q=asha&page=1');
    expect(init.method).toBe('GET');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends FormData as multipart, letting the browser set the boundary', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { orderId: 'o-1' }));
    const form = new FormData();
    form.append('service', 'resume_review');

    await client().post('/orders/service', form);

    const { init, headers } = lastCall();
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('runs the parser on success', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { orderId: 42 }));
    const parse = (data: unknown) => {
      if (typeof data === 'object' && data !== null && 'orderId' in data)
        return String(data.orderId);
      throw new Error('no orderId');
    };

    const orderId: string = await client().post('/resume', {}, { parse });

    expect(orderId).toBe('42');
  });

  it('turns an error answer into ApiError with the server message', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, { message: 'Email already registered. Please log in.' }),
    );

    const error = await client()
      .post('/register', {})
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      serverMessage: 'Email already registered. Please log in.',
    });
    expect(errorMessage(error, 'Registration failed. Try again.')).toBe(
      'Email already registered. Please log in.',
    );
  });

  it('without a server message the caller falls back to the SPEC wording', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await client()
      .get('/orders/history/a@b.c')
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 502, serverMessage: null });
    expect(errorMessage(error, 'Failed to load orders.')).toBe('Failed to load orders.');
  });

  it('reports no answer at all as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await client()
      .get('/me/stats')
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 0, message: 'No response from server' });
  });

  it('sends back the furthest consistency token it was answered, from fetch and uploads', async () => {
    sessionStorage.clear();
    const kept = sessionConsistencyTokens();
    const tokens = [
      `${'0'.repeat(19)}7-${'0'.repeat(19)}9`,
      `${'0'.repeat(19)}5-${'0'.repeat(20)}`,
    ];
    const withToken = (position: string) =>
      new Response('{"orderId":"o-1"}', {
        status: 201,
        headers: { 'Consistency-Token': position },
      });
    const tracked = createApiClient({
      getToken: () => token,
      fetch: fetchMock,
      consistency: kept,
      createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    });

    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await tracked.get('/orders');
    expect(lastCall().headers.has('Consistency-Token')).toBe(false);

    fetchMock.mockResolvedValueOnce(withToken(tokens[0] ?? ''));
    await tracked.post('/resume', {});
    await tracked.get('/orders/o-1');
    expect(lastCall().headers.get('Consistency-Token')).toBe(tokens[0]);

    // An older position (another instance's answer, say) never moves it back.
    fetchMock.mockResolvedValueOnce(withToken(tokens[1] ?? ''));
    await tracked.post('/resume', {});
    await tracked.get('/orders');
    expect(lastCall().headers.get('Consistency-Token')).toBe(tokens[0]);

    const newer = `${'0'.repeat(19)}8-${'0'.repeat(20)}`;
    const upload = tracked.upload('/orders/service', new FormData());
    const xhr = FakeXhr.last;
    if (!xhr) throw new Error('no upload sent');
    expect(xhr.headers['Consistency-Token']).toBe(tokens[0]);
    xhr.responseHeaders['consistency-token'] = newer;
    xhr.respond(201, { orderId: 'o-2' });
    await upload;
    await tracked.get('/orders');
    expect(lastCall().headers.get('Consistency-Token')).toBe(newer);
    // A page of the same tab loaded afresh sends it too.
    expect(sessionConsistencyTokens().current()).toBe(newer);
  });

  it('keeps a KurrentDB position as a token too, and ignores anything else', () => {
    sessionStorage.clear();
    const kept = sessionConsistencyTokens();
    const kurrent = `kurrentdb:${'0'.repeat(17)}138:${'0'.repeat(17)}426`;
    kept.saw('not-a-position');
    expect(kept.current()).toBeNull();
    kept.saw(kurrent);
    expect(kept.current()).toBe(kurrent);
    expect(sessionConsistencyTokens().current()).toBe(kurrent);
  });

  it('reads an empty success body as null', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(client().delete('/orders/o-1')).resolves.toBeNull();
  });
});

describe('the default client', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('reads the token from session storage at each call', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    const { api } = await import('./api-client');

    await api.post('/auth/logout');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);

    saveSession({ token: 't-1', user: { id: 'u1', email: 'a@b.c', name: 'Asha', role: 'user' } });
    await api.post('/auth/logout');
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer t-1',
    );
  });
});

/** Just enough of XMLHttpRequest for the upload path; the test plays the network. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  private listeners = new Map<string, (() => void)[]>();
  private uploadListeners: ((event: {
    lengthComputable: boolean;
    loaded: number;
    total: number;
  }) => void)[] = [];
  upload = {
    addEventListener: (
      _type: string,
      listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void,
    ) => {
      this.uploadListeners.push(listener);
    },
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  responseHeaders: Record<string, string> = {};
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.emit('abort');
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners)
      listener({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.emit('load');
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

describe('upload with progress', () => {
  const uploader = () =>
    createApiClient({
      getToken: () => 'tok',
      createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    });

  it('reports progress and resolves with the JSON answer', async () => {
    const seen: number[] = [];
    const form = new FormData();
    const done = uploader().upload('/admin/orders/o-1/attachments', form, {
      onProgress: (percent) => seen.push(percent),
    });
    const xhr = FakeXhr.last;
    if (!xhr) throw new Error('no XHR');

    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/admin/orders/o-1/attachments');
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    expect(xhr.body).toBe(form);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(200, { message: 'Attachment uploaded' });

    await expect(done).resolves.toEqual({ message: 'Attachment uploaded' });
    expect(seen).toEqual([25, 100]);
  });

  it('rejects with ApiError on an error answer and AbortError when cancelled', async () => {
    const failed = uploader().upload('/orders/service', new FormData());
    FakeXhr.last?.respond(400, { message: 'Please upload a PDF/DOC/DOCX' });
    await expect(failed).rejects.toMatchObject({
      status: 400,
      serverMessage: 'Please upload a PDF/DOC/DOCX',
    });

    const controller = new AbortController();
    const aborted = uploader().upload('/orders/service', new FormData(), {
      signal: controller.signal,
    });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
