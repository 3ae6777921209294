import { defineRoute } from '@shortlist/domain/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { clearSession, saveSession } from '../session/session';
import { createApiClient } from './api-client';
import { ApiClientProvider, useClearApiCache } from './api-context';
import { callApi } from './call-api';
import { createQueryClient } from './query-client';
import { type StaleAfterSource, staleAfter } from './stale-after';
import { useApiCache, useApiMutation, useApiQuery } from './use-api';

const getThing = defineRoute({
  method: 'GET',
  path: '/things/:id',
  audience: 'public',
  summary: 'A thing',
  params: z.object({ id: z.string() }),
  response: z.object({ name: z.string() }),
});

const renameThing = defineRoute({
  method: 'PUT',
  path: '/things/:id',
  audience: 'admin',
  summary: 'Rename a thing',
  params: z.object({ id: z.string() }),
  body: z.object({ name: z.string() }),
  response: z.object({ message: z.string() }),
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function Thing({ id }: { id: string }) {
  const thing = useApiQuery(getThing, { params: { id } });
  const rename = useApiMutation(renameThing);
  if (thing.isPending) return <p>Loading</p>;
  if (thing.isError) return <p>Failed: {thing.error.message}</p>;
  return (
    <>
      <p>Name: {thing.data.name}</p>
      <button type="button" onClick={() => rename.mutate({ params: { id }, body: { name: 'B' } })}>
        Rename
      </button>
    </>
  );
}

const renamingStalesThings = staleAfter([[renameThing, [getThing]]]);

function renderThing(
  fetchMock: typeof fetch,
  id = 'a/1',
  table: StaleAfterSource = renamingStalesThings,
) {
  const client = createApiClient({ getToken: () => null, fetch: fetchMock });
  return render(
    <ApiClientProvider client={client} queryClient={createQueryClient()} staleAfter={table}>
      <Thing id={id} />
    </ApiClientProvider>,
  );
}

describe('contract hooks', () => {
  it('fills the path, parses the answer with the route schema and shows it', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(json(200, { name: 'A' }));
    renderThing(fetchMock);
    expect(await screen.findByText('Name: A')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/things/a%2F1');
  });

  it('refuses an answer that does not match the contract', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(json(200, { title: 'A' }));
    renderThing(fetchMock);
    expect(await screen.findByText(/^Failed:/)).toBeInTheDocument();
  });

  it('does not retry a 4xx, and shows the server message', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(json(404, { message: 'Order not found' }));
    renderThing(fetchMock);
    expect(await screen.findByText('Failed: Order not found')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  const renamingServer = () => {
    let name = 'A';
    return vi.fn<typeof fetch>(async (_url, init) => {
      if (init?.method === 'PUT') {
        name = JSON.parse(String(init.body)).name;
        return json(200, { message: 'Renamed' });
      }
      return json(200, { name });
    });
  };

  it("refetches what the app's stale-after table lists for a mutation", async () => {
    renderThing(renamingServer());
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.getByText('Name: B')).toBeInTheDocument());
  });

  it('reads nothing again after a mutation the table does not list', async () => {
    const fetchMock = renamingServer();
    renderThing(fetchMock, 'a/1', staleAfter([]));
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.getByText('Name: A')).toBeInTheDocument();
  });

  it('refuses a table that lists one command twice', () => {
    expect(() =>
      staleAfter([
        [renameThing, [getThing]],
        [renameThing, []],
      ]),
    ).toThrow('PUT /things/:id is listed twice');
  });

  it('after refreshAfter, a screen read moments before reads again when it opens (no staleTime wait)', async () => {
    let name = 'A';
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { name }));
    function Screens() {
      const [open, setOpen] = useState(true);
      const cache = useApiCache();
      return (
        <>
          {open ? <ThingName /> : null}
          <button type="button" onClick={() => setOpen((shown) => !shown)}>
            Toggle
          </button>
          <button type="button" onClick={() => void cache.refreshAfter(renameThing)}>
            Changed elsewhere
          </button>
        </>
      );
    }
    function ThingName() {
      const thing = useApiQuery(getThing, { params: { id: 'x' } });
      return <p>Name: {thing.data?.name ?? '…'}</p>;
    }
    const client = createApiClient({ getToken: () => null, fetch: fetchMock });
    render(
      <ApiClientProvider
        client={client}
        queryClient={createQueryClient()}
        staleAfter={() => Promise.resolve(renamingStalesThings)}
      >
        <Screens />
      </ApiClientProvider>,
    );
    expect(await screen.findByText('Name: A')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    name = 'B';
    await userEvent.click(screen.getByRole('button', { name: 'Changed elsewhere' }));
    await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(await screen.findByText('Name: B')).toBeInTheDocument();
  });

  it('keeps what `select` narrows the answer to, and shows a change written into the cache', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(json(200, { name: 'A' }));
    function Initial() {
      const initial = useApiQuery(getThing, { params: { id: 'x' } }, { select: (t) => t.name[0] });
      const cache = useApiCache();
      return (
        <>
          <p>Initial: {initial.data ?? '…'}</p>
          <button
            type="button"
            onClick={() =>
              cache.update(getThing, { params: { id: 'x' } }, (thing) => ({
                name: `Z${thing.name}`,
              }))
            }
          >
            Change
          </button>
        </>
      );
    }
    const client = createApiClient({ getToken: () => null, fetch: fetchMock });
    render(
      <ApiClientProvider client={client} queryClient={createQueryClient()}>
        <Initial />
      </ApiClientProvider>,
    );
    expect(await screen.findByText('Initial: A')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Initial: Z')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('callApi sends the extra headers a route reads besides its body', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(json(200, { message: 'Renamed' }));
    const client = createApiClient({ getToken: () => null, fetch: fetchMock });
    await callApi(
      client,
      renameThing,
      { params: { id: 'x' }, body: { name: 'B' } },
      { headers: { 'X-Ref': 'CODE1' } },
    );
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('X-Ref')).toBe('CODE1');
  });

  it("gives the app's onError every failed read when the cache is made on first use", async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(json(401, { message: 'Expired' }));
    const onError = vi.fn<(error: unknown) => void>();
    const client = createApiClient({ getToken: () => null, fetch: fetchMock });
    render(
      <ApiClientProvider client={client} onError={onError}>
        <Thing id="x" />
      </ApiClientProvider>,
    );
    expect(await screen.findByText('Failed: Expired')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ status: 401 });
  });

  it('forgets the cached answers on useClearApiCache, so the next read asks again', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockImplementation(async () => json(200, { name: 'A' }));
    function Page() {
      const clear = useClearApiCache();
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown(!shown)}>
            Toggle
          </button>
          <button type="button" onClick={clear}>
            Forget
          </button>
          {shown ? <Thing id="x" /> : null}
        </>
      );
    }
    const client = createApiClient({ getToken: () => null, fetch: fetchMock });
    render(
      <ApiClientProvider client={client}>
        <Page />
      </ApiClientProvider>,
    );
    expect(await screen.findByText('Name: A')).toBeInTheDocument();
    // Shown again from the cache: the answer is fresh, nothing is read.
    await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(await screen.findByText('Name: A')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Forgotten: showing it reads it again.
    await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    await userEvent.click(screen.getByRole('button', { name: 'Forget' }));
    await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(await screen.findByText('Name: A')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('the cache and who is signed in', () => {
  it("drops the last person's answers when someone else signs in, within the staleTime", async () => {
    let owner = 'A';
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { name: owner }));
    function Screens() {
      const [open, setOpen] = useState(true);
      return (
        <>
          {open ? <ThingName /> : null}
          <button type="button" onClick={() => setOpen((shown) => !shown)}>
            Toggle
          </button>
        </>
      );
    }
    function ThingName() {
      const thing = useApiQuery(getThing, { params: { id: 'me' } });
      return <p>Name: {thing.data?.name ?? '…'}</p>;
    }
    saveSession({
      token: 'token-a',
      user: { id: 'user-a', email: 'a@example.com', name: 'A', role: 'user' },
    });
    try {
      const client = createApiClient({ getToken: () => null, fetch: fetchMock });
      render(
        <ApiClientProvider client={client} queryClient={createQueryClient()}>
          <Screens />
        </ApiClientProvider>,
      );
      expect(await screen.findByText('Name: A')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
      owner = 'B';
      act(() =>
        saveSession({
          token: 'token-b',
          user: { id: 'user-b', email: 'b@example.com', name: 'B', role: 'user' },
        }),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
      expect(await screen.findByText('Name: B')).toBeInTheDocument();
      expect(screen.queryByText('Name: A')).toBeNull();
    } finally {
      clearSession();
    }
  });
});
