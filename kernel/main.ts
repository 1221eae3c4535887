import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './logger';

/** Starts the HTTP server; SIGINT/SIGTERM stop accepting, finish in-flight work and close the database. */
const config = loadConfig();
const logger = createLogger(config.logLevel);
const cuadra = await createApp({ config, logger });
// The server refuses bodies larger than any route accepts; each route's own limit is checked in the pipeline.
const server = Bun.serve({ port: config.port, hostname: config.host, maxRequestBodySize: cuadra.maxBodyBytes, fetch: (request, bun) => cuadra.handle(request, bun.requestIP(request)?.address) });
logger.info('cuadra listening', { url: `http://${config.host}:${server.port}`, database: cuadra.kernel.db.kind, docs: `${config.publicUrl}/docs` });

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  await server.stop(false);
  await cuadra.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
