import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../session/session';
import { ApiError } from './api-error';
import { downloadTokenFile, fetchTokenFile } from './token-file';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('token-protected files', () => {
  it('fetches the file with the session bearer token', async () => {
    saveSession({ token: 'abc.def' });
    const fetchMock = stubFetch(new Response('%PDF-1.7', { status: 200 }));
    const blob = await fetchTokenFile('/api/orders/o-1/files/u-1');
    expect(await blob.text()).toBe('%PDF-1.7');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/orders/o-1/files/u-1');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer abc.def');
  });

  it("turns a refusal into an ApiError carrying the server's message", async () => {
    stubFetch(Response.json({ message: 'Access denied.' }, { status: 403 }));
    const refusal = fetchTokenFile('/api/orders/o-1/files/u-1');
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({ status: 403, serverMessage: 'Access denied.' });
  });

  it('reports an unreachable server as status 0', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(fetchTokenFile('/api/x')).rejects.toMatchObject({ status: 0 });
  });

  it('saves the downloaded file under its name', async () => {
    stubFetch(new Response('hello', { status: 200 }));
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file-1');
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    await downloadTokenFile('/api/x', 'resume.pdf');
    expect(clicked).toEqual([{ href: 'blob:file-1', download: 'resume.pdf' }]);
    click.mockRestore();
    created.mockRestore();
  });
});
