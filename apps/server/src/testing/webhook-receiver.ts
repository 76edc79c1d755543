import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a receiver got: one request as it arrived. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  type: string;
  at: number;
}

/**
 * A real HTTP receiver on 127.0.0.1 started by the test: each path answers with the status its handler gives (200 by
 * default), and every request is recorded in arrival order.
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, (r: Received) => number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r: Received = {
        path: req.url ?? '',
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body,
        type: (JSON.parse(body) as { type: string }).type,
        at: Date.now(),
      };
      received.push(r);
      const status = answers.get(r.path)?.(r) ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'receiver says no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    answers,
    url: (path: string) => `${base}${path}`,
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
