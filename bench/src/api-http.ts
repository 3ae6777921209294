import http from 'node:http';

/**
 * JSON over HTTP from a chosen loopback address. The server limits logins, registrations and
 * payments per client IP, as it should; the bench spreads its clients over 127.0.1.x (all of
 * 127/8 is loopback on Linux) so that seeding and the login run are not refused as one abuser.
 */
export function loopbackAddress(index: number): string {
  return `127.0.1.${(index % 250) + 1}`;
}

const agents = new Map<string, http.Agent>();

function agentFor(localAddress: string): http.Agent {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, localAddress });
    agents.set(localAddress, agent);
  }
  return agent;
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

export interface JsonAnswer<T> {
  status: number;
  body: T;
}

type RequestOptions = { method?: string; body?: unknown; token?: string; from?: string };

/**
 * A kept-alive socket the server has just closed as idle fails the next request sent on it
 * with ECONNRESET before the server read it (the race Node's http documentation describes);
 * such a request is sent once more on a new socket. Any other failure is the caller's.
 */
export async function requestJson<T = Record<string, unknown>>(
  url: string,
  options: RequestOptions = {},
): Promise<JsonAnswer<T>> {
  try {
    return await requestOnce<T>(url, options);
  } catch (error) {
    if (!(error instanceof StaleSocketError)) throw error;
    return requestOnce<T>(url, options);
  }
}

class StaleSocketError extends Error {}

function requestOnce<T>(url: string, options: RequestOptions): Promise<JsonAnswer<T>> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        headers,
        agent: agentFor(options.from ?? '127.0.0.1'),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({
              status: response.statusCode ?? 0,
              body: (text ? JSON.parse(text) : {}) as T,
            });
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      const stale = request.reusedSocket && error.code === 'ECONNRESET';
      reject(stale ? new StaleSocketError(error.message) : error);
    });
    request.end(payload);
  });
}

/** Throws unless the answer has the expected status; says which step failed and why. */
export function expectStatus<T>(answer: JsonAnswer<T>, status: number, step: string): T {
  if (answer.status !== status) {
    throw new Error(`${step}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  return answer.body;
}
