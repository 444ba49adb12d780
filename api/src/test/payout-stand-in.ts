import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

/**
 * A local stand-in for a payout provider speaking the simulated rail's HTTP protocol (see
 * modules/payout-rails/adapters/simulated.ts), for tests and `pnpm bench:payouts`. It counts what it saw: every
 * POST per id, and how many times each id was paid (never more than once: a repeated id answers the payout
 * it already has). Tests script its failures.
 */
export type StandInPayout = { id: string; reference: string; status: 'pending' | 'paid' | 'failed' | 'returned' | 'unclaimed'; reason?: string; account: string; amount: string };

export type StandInBehaviour = {
  /** Answer POSTs with this HTTP status (without creating a payout) while > 0 of them remain. */
  failPosts?: { status: number; count: number };
  /** Create the payout, then answer only after this long (the client times out first). */
  slowPostsMs?: number;
  /** Answer GETs with HTTP 503 while > 0 of them remain. */
  failGets?: number;
  /** New payouts are paid at once (default) or stay pending until `settle`. */
  payAtOnce?: boolean;
  /** Accounts refused for good with HTTP 422. */
  refusedAccounts?: string[];
};

export type PayoutStandIn = {
  url: string;
  payouts: Map<string, StandInPayout>;
  /** POSTs received per id (a retry after a timeout counts). */
  posts: Map<string, number>;
  /** Times each id was paid (the proof of "at most once"). */
  paid: Map<string, number>;
  behaviour: StandInBehaviour;
  settle(id: string, status: StandInPayout['status'], reason?: string): void;
  close(): Promise<void>;
};

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const view = (payout: StandInPayout) => ({ id: payout.id, reference: payout.reference, status: payout.status, ...(payout.reason ? { reason: payout.reason } : {}) });

export async function startPayoutStandIn(behaviour: StandInBehaviour = {}): Promise<PayoutStandIn> {
  const payouts = new Map<string, StandInPayout>();
  const posts = new Map<string, number>();
  const paid = new Map<string, number>();
  const markPaid = (payout: StandInPayout) => {
    payout.status = 'paid';
    paid.set(payout.id, (paid.get(payout.id) ?? 0) + 1);
  };
  const standIn: Omit<PayoutStandIn, 'url' | 'close'> = {
    payouts,
    posts,
    paid,
    behaviour,
    settle(id, status, reason) {
      const payout = payouts.get(id);
      if (!payout) throw new Error(`the stand-in has no payout ${id}`);
      if (status === 'paid' && payout.status !== 'paid') markPaid(payout);
      else payout.status = status;
      if (reason) payout.reason = reason;
    },
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (request.method === 'POST' && url.pathname === '/v1/payouts') {
        const body = JSON.parse(await bodyOf(request)) as { id: string; account: string; amount: string };
        posts.set(body.id, (posts.get(body.id) ?? 0) + 1);
        const failing = standIn.behaviour.failPosts;
        if (failing && failing.count > 0) {
          failing.count--;
          return answer(response, failing.status, { error: 'scripted failure' });
        }
        const known = payouts.get(body.id);
        if (known) return answer(response, 200, view(known));
        if (standIn.behaviour.refusedAccounts?.includes(body.account)) return answer(response, 422, { error: 'receiver refused' });
        const payout: StandInPayout = { id: body.id, reference: `STAND-${randomUUID()}`, status: 'pending', account: body.account, amount: body.amount };
        payouts.set(body.id, payout);
        if (standIn.behaviour.payAtOnce !== false) markPaid(payout);
        if (standIn.behaviour.slowPostsMs) await new Promise((resolve) => setTimeout(resolve, standIn.behaviour.slowPostsMs));
        return answer(response, 201, view(payout));
      }
      const match = /^\/v1\/payouts\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && match) {
        if ((standIn.behaviour.failGets ?? 0) > 0) {
          standIn.behaviour.failGets!--;
          return answer(response, 503, { error: 'scripted failure' });
        }
        const payout = payouts.get(decodeURIComponent(match[1]!));
        return payout ? answer(response, 200, view(payout)) : answer(response, 404, { error: 'not found' });
      }
      return answer(response, 404, { error: 'no such route' });
    })().catch((error: unknown) => {
      if (!response.headersSent) answer(response, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...standIn,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
