/**
 * Operator command for the outbox's dead deliveries (every attempt of one subscriber failed):
 *
 *   bun kernel/outbox-command.ts dead-letters [--tenant <id>] [--limit <n>]   list them, one JSON line each
 *   bun kernel/outbox-command.ts replay <delivery-id>...                      make those due again
 *   bun kernel/outbox-command.ts replay --all [--tenant <id>]                 every dead one (of a tenant)
 *
 * It starts the service's kernel on the configured database (same environment as the server; on
 * the embedded database, stop the server first), so replayed deliveries are attempted before it
 * exits, by the same subscribers.
 */
import type { OutboxDispatcher } from './outbox';

export async function outboxCommand(outbox: OutboxDispatcher, args: string[], print: (line: string) => void): Promise<number> {
  const [command, ...rest] = args;
  const option = (name: string) => { const i = rest.indexOf(name); return i >= 0 ? rest[i + 1] : undefined; };
  const tenantId = option('--tenant') ?? null;
  if (command === 'dead-letters') {
    for (const delivery of await outbox.deadLetters({ tenantId, limit: Number(option('--limit') ?? 1000) })) print(JSON.stringify(delivery));
    return 0;
  }
  if (command === 'replay') {
    const ids = rest.filter((arg, i) => !arg.startsWith('--') && rest[i - 1] !== '--tenant');
    if (!ids.length && !rest.includes('--all')) { print('replay: name the delivery ids, or --all'); return 2; }
    const replayed = await outbox.replay({ ids: ids.length ? ids : undefined, tenantId });
    await outbox.idle();
    print(`replayed ${replayed}; still dead: ${(await outbox.deadLetters({ tenantId })).length}`);
    return 0;
  }
  print('usage: outbox-command.ts dead-letters [--tenant <id>] [--limit <n>] | replay (<delivery-id>... | --all [--tenant <id>])');
  return 2;
}

if (import.meta.main) {
  const { createApp } = await import('./app');
  const { loadConfig } = await import('./config');
  const cuadra = await createApp({ config: loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }) });
  let code = 1;
  try {
    code = await outboxCommand(cuadra.kernel.outbox, process.argv.slice(2), (line) => console.log(line));
  } finally {
    await cuadra.stop();
  }
  process.exit(code);
}
