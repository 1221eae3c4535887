/**
 * Without WEBHOOKS_ALLOW_PRIVATE, endpoints must be HTTPS and public: loopback, private, link-local
 * (cloud metadata), shared and reserved targets are refused whether named by address or by a host
 * name resolving to one, on creation and on change. (Redirects are covered by webhooks.test.ts:
 * they are never followed.)
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { checkTarget, isInternalAddress, postPinned, refusedTarget } from '../../../plugins/webhooks/target';
import { startReceiver } from './receiver';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';

let app: TestApp;
let owner: TestCompany;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createCompany(app);
});
afterAll(() => app.close());

const REFUSED = [
  'http://93.184.216.34/hook', // plain HTTP
  'https://127.0.0.1/hook', 'https://127.1.2.3:8443/hook', 'https://localhost/hook', 'https://[::1]/hook',
  'https://10.0.0.5/hook', 'https://172.16.9.9/hook', 'https://192.168.1.10/hook', 'https://100.64.0.1/hook',
  'https://169.254.169.254/latest/meta-data', 'https://[fe80::1]/hook', 'https://[fd00::1]/hook',
  'https://[::ffff:127.0.0.1]/hook', 'https://[::ffff:a9fe:a9fe]/hook', 'https://[64:ff9b::a00:1]/hook',
  'https://0.0.0.0/hook', 'https://user:pass@93.184.216.34/hook', 'ftp://93.184.216.34/hook',
];

test('private, loopback, link-local and plain-HTTP targets are refused with 422 on the url', async () => {
  for (const url of REFUSED) {
    const res = await app.post('/api/v1/webhooks', { url, events: ['invoice.issued'] }, owner.token);
    expect({ url, status: res.status, loc: res.body.detail?.[0]?.loc }).toEqual({ url, status: 422, loc: ['body', 'url'] });
  }
  expect((await app.get('/api/v1/webhooks', owner.token)).body.total).toBe(0);
});

test('the refusals a developer meets first name the development setting that lifts them', async () => {
  const plain = await app.post('/api/v1/webhooks', { url: 'http://93.184.216.34/hook', events: ['invoice.issued'] }, owner.token);
  expect(plain.body.detail[0].msg).toBe('The URL must use https (plain http only with WEBHOOKS_ALLOW_PRIVATE=1, a development setting)');
  const local = await app.post('/api/v1/webhooks', { url: 'https://127.0.0.1:8443/hook', events: ['invoice.issued'] }, owner.token);
  expect(local.body.detail[0].msg).toMatch(/^The URL resolves to a non-public address \(127\.0\.0\.1: 127\.0\.0\.0\/8 loopback.*needs WEBHOOKS_ALLOW_PRIVATE=1, a development setting$/);
  expect(await refusedTarget('ftp://93.184.216.34/hook', false)).toBe('The URL must use https');
});

test('a public HTTPS address is accepted, and cannot be changed to a private one', async () => {
  const created = await app.post('/api/v1/webhooks', { url: 'https://93.184.216.34/hook', events: ['invoice.issued'] }, owner.token);
  expect(created.status).toBe(201);
  const changed = await app.patch(`/api/v1/webhooks/${created.body.id}`, { url: 'https://10.1.1.1/hook' }, owner.token);
  expect(changed.status).toBe(422);
  expect((await app.get(`/api/v1/webhooks/${created.body.id}`, owner.token)).body.url).toBe('https://93.184.216.34/hook');
});

test('a host name is refused if any of its addresses is internal', async () => {
  const resolver = async () => ['93.184.216.34', '10.0.0.1'];
  expect(await refusedTarget('https://mixed.example/hook', false, resolver)).toMatch(/10\.0\.0\.1/);
  expect(await refusedTarget('https://public.example/hook', false, async () => ['93.184.216.34', '2606:2800:220:1::1'])).toBeNull();
  expect(isInternalAddress('2606:2800:220:1::1')).toBe(false);
  expect(isInternalAddress('8.8.8.8')).toBe(false);
});

/** Every address of the security issue, then one or two of each block of the IANA special-purpose registries. */
const NOT_PUBLIC = [
  '2002:7f00:1::', '2002:a9fe:a9fe::', '2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '::ffff:0:127.0.0.1', '100::1', 'fec0::1',
  '0.0.0.0', '0.1.2.3', '10.0.0.1', '100.64.0.1', '100.127.255.254', '127.0.0.1', '127.255.255.255', '169.254.169.254', '172.16.0.1', '172.31.255.255',
  '192.0.0.1', '192.0.0.9', '192.0.2.1', '192.88.99.1', '192.168.0.1', '198.18.0.1', '198.19.255.255', '198.51.100.1', '203.0.113.1',
  '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255',
  '::', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::127.0.0.1', '::a9fe:a9fe', '64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::a00:1', '64:ff9b:1::5db8:d822', '2002:c0a8:101::1', '2002:a00:1::', '2002:6440:1::', '2002:0:1::', '2002:e000::1',
  '100::', '100::ffff', '100:0:0:1::1', '2001:1::1', '2001:2::1', '2001:3::1', '2001:10::1', '2001:20::1', '2001:1ff::1', '2001:db8::1', '2001:db8:ffff::1',
  '3fff::1', '3fff:fff::1', '5f00::1', 'fc00::1', 'fd00::1', 'fe80::1', 'fe80::1%eth0', 'febf::1', 'fec0::1', 'feff::1', 'ff02::1', 'ff0e::1',
  '4000::1', 'c000::1', '1fff:ffff::1', '::2', '::ffff:0:0', '0:0:0:0:0:ffff:a9fe:a9fe',
];
const PUBLIC = [
  '93.184.216.34', '8.8.8.8', '1.1.1.1', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '192.0.1.1', '192.31.196.1', '192.175.48.1',
  '198.17.255.255', '198.20.0.0', '223.255.255.255',
  '2606:2800:220:1::1', '2a00:1450:4003:80e::200e', '2620:4f:8000::1', '2001:200::1', '2001:4860:4860::8888', '2003::1',
  '::ffff:93.184.216.34', '64:ff9b::8.8.8.8', '2002:5db8:d822::1', '2002:808:808::',
];

test('every address of the issue and of the IANA special-purpose blocks is refused; global unicast is accepted', () => {
  expect(NOT_PUBLIC.filter((address) => !isInternalAddress(address))).toEqual([]);
  expect(PUBLIC.filter(isInternalAddress)).toEqual([]);
});

test('the issue\'s IPv6 targets are refused through the API with 422', async () => {
  for (const host of ['2002:7f00:1::', '2002:a9fe:a9fe::', '2001::1', '::ffff:0:127.0.0.1', '100::1', 'fec0::1']) {
    const res = await app.post('/api/v1/webhooks', { url: `https://[${host}]/hook`, events: ['invoice.issued'] }, owner.token);
    expect({ host, status: res.status, loc: res.body.detail?.[0]?.loc }).toEqual({ host, status: 422, loc: ['body', 'url'] });
  }
});

test('the name is resolved once, and the address checked is the one connected to', async () => {
  const lookups: string[] = [];
  // public when checked, loopback on any later lookup: a rebinding name
  const rebinding = async (host: string) => { lookups.push(host); return lookups.length === 1 ? ['93.184.216.34'] : ['127.0.0.1']; };
  const check = await checkTarget('https://rebinding.example/hook', false, rebinding);
  expect(check).toEqual({ target: { url: new URL('https://rebinding.example/hook'), address: '93.184.216.34', family: 4 } });
  expect(lookups).toEqual(['rebinding.example']);
});

test('a delivery connects to the pinned address, the name in the Host header, and looks the name up no more', async () => {
  const receiver = startReceiver();
  try {
    const port = new URL(receiver.url()).port;
    let lookups = 0;
    // the test-only allowance (WEBHOOKS_ALLOW_PRIVATE) lets the check pass loopback; `.invalid` never resolves through DNS
    const check = await checkTarget(`http://receiver.invalid:${port}/pinned`, true, async () => { lookups += 1; return ['127.0.0.1']; });
    if (!('target' in check)) throw new Error(check.refused);
    const answer = await postPinned(check.target, { headers: { 'content-type': 'text/plain' }, body: 'hello', signal: AbortSignal.timeout(10_000), maxBytes: 100 });
    expect(answer.status).toBe(200);
    expect(lookups).toBe(1);
    const [received] = receiver.on('/pinned');
    expect(received.headers.get('host')).toBe(`receiver.invalid:${port}`);
    expect(received.body).toBe('hello');
  } finally {
    receiver.stop();
  }
});

test('over HTTPS the pinned connection sends the name as TLS server name and verifies the certificate for it', async () => {
  const fixtures = `${import.meta.dir}/../../fixtures/webhooks`;
  const server = Bun.serve({
    port: 0, hostname: '127.0.0.1',
    tls: { cert: Bun.file(`${fixtures}/receiver.test.cert.pem`), key: Bun.file(`${fixtures}/receiver.test.key.pem`) },
    fetch: async (request) => new Response(`${request.headers.get('host')} ${await request.text()}`),
  });
  const client = async (name: string) => {
    const child = Bun.spawn([process.execPath, `${import.meta.dir}/pinned-https-client.ts`, name, String(server.port)], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: `${fixtures}/receiver.test.cert.pem` }, stdout: 'pipe', stderr: 'inherit',
    });
    const out = await new Response(child.stdout).text();
    await child.exited;
    return JSON.parse(out);
  };
  try {
    expect(await client('receiver.test')).toEqual({ status: 200, body: `receiver.test:${server.port} hello` });
    // the same address under a name the certificate is not for: refused by the TLS check
    expect((await client('other.test')).error).toMatch(/other\.test/);
  } finally {
    server.stop(true);
  }
});
