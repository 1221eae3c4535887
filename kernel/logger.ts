import { AsyncLocalStorage } from 'node:async_hooks';

/** Structured JSON logs, one object per line on stdout. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** Fields every line logged while handling one request carries (its request id), wherever it is logged from. */
const requestFields = new AsyncLocalStorage<Record<string, unknown>>();

/** Runs `work` with `fields` added to every log line written during it, across awaits. */
export function withLogFields<T>(fields: Record<string, unknown>, work: () => T): T {
  return requestFields.run(fields, work);
}

export function createLogger(level: LogLevel, base: Record<string, unknown> = {}, sink: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const write = (lvl: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < order[level]) return;
    const line = { time: new Date().toISOString(), level: lvl, msg, ...base, ...requestFields.getStore(), ...fields };
    sink(JSON.stringify(line, errorReplacer) + '\n');
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, sink),
  };
}

function errorReplacer(_key: string, value: unknown) {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}
