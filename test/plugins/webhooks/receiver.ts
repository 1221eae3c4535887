/** An HTTP receiver started by a test: records every request and answers from a script. */
export interface Received { path: string; headers: Headers; body: string }

export function startReceiver(answers: (path: string, count: number) => Response | Promise<Response> = () => new Response('ok')) {
  const received: Received[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const path = new URL(request.url).pathname;
      received.push({ path, headers: request.headers, body: await request.text() });
      return answers(path, received.filter((r) => r.path === path).length);
    },
  });
  return {
    received,
    url: (path = '/hook') => `http://127.0.0.1:${server.port}${path}`,
    on: (path: string) => received.filter((r) => r.path === path),
    stop: () => server.stop(true),
  };
}

/** The TypeScript verifier exactly as docs/webhooks.md shows it, loaded from that file. */
export async function documentedVerifier(): Promise<(rawBody: string, header: string, secret: string, toleranceSeconds?: number, now?: number) => boolean> {
  const doc = await Bun.file(`${import.meta.dir}/../../../docs/webhooks.md`).text();
  const code = /```ts\n([\s\S]*?)```/.exec(doc)![1];
  const file = `${require('node:os').tmpdir()}/cuadra-verifier-${crypto.randomUUID()}.ts`;
  await Bun.write(file, code);
  return (await import(file)).verifyCuadraSignature;
}

/** The Python verifier of docs/webhooks.md, as a script that prints True or False. */
export async function documentedPythonVerifier(): Promise<string> {
  const doc = await Bun.file(`${import.meta.dir}/../../../docs/webhooks.md`).text();
  return /```python\n([\s\S]*?)```/.exec(doc)![1];
}
