import type { Server } from 'bun';
import type { CuadraApp } from './app';

const STARTING = JSON.stringify({ detail: 'starting: the service is opening its database and running its migrations' });

export interface Serving { server: Server<undefined>; cuadra: CuadraApp }

/**
 * Listens at once and answers 503 (with Retry-After) to every request while the app starts (the
 * migrations can take a while on a large database), so an orchestrator sees "not ready" rather than a
 * refused connection; then serves the app on the same address. Bodies are refused during start-up:
 * the largest a route accepts is known only once the routes are built.
 */
export async function serveWhileStarting(address: { port: number; hostname: string }, start: () => Promise<CuadraApp>): Promise<Serving> {
  const starting = Bun.serve({
    ...address,
    maxRequestBodySize: 1024,
    fetch: () => new Response(STARTING, { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '1' } }),
  });
  let cuadra: CuadraApp;
  try {
    cuadra = await start();
  } finally {
    await starting.stop(true);
  }
  const server = Bun.serve({
    port: starting.port,
    hostname: address.hostname,
    // the server refuses bodies larger than any route accepts; each route's own limit is checked in the pipeline
    maxRequestBodySize: cuadra.maxBodyBytes,
    fetch: (request, bun) => cuadra.handle(request, bun.requestIP(request)?.address),
  });
  return { server, cuadra };
}
