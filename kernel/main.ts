import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { serveWhileStarting } from './serve';

/** Starts the HTTP server; SIGINT/SIGTERM stop accepting, finish in-flight work and close the database. */
const config = loadConfig();
const logger = createLogger(config.logLevel);
const { server, cuadra } = await serveWhileStarting({ port: config.port, hostname: config.host }, () => createApp({ config, logger }));
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
