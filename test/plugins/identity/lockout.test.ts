import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { RedisCounterStore } from '../../../lib/redis-counters';
import { MemoryCounterStore, type CounterStore } from '../../../lib/throttle';
import { LOGIN_LOCKOUT, LoginThrottle } from '../../../plugins/identity/login-throttle';
import { startTestApp, type TestApp } from '../../support/app';
import { registerUser } from '../../support/factories';

/** The sign-in lockout policy, clause by clause (the figures are in docs/api.md). */
let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

let addresses = 0;
/** A fresh documentation-range address per call, so clauses never share counters by accident. */
const newAddress = () => { addresses++; return { 'x-forwarded-for': `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${addresses.toString(16)}` }; };
const login = (email: string, password: string, from: Record<string, string>) => app.post('/api/v1/auth/login', { email, password }, undefined, from);
const fail = async (email: string, from: Record<string, string>, times: number) => {
  for (let i = 0; i < times; i++) expect((await login(email, `no es la clave ${i}`, from)).status).toBe(401);
};

describe('sign-in lockout over HTTP', () => {
  test('10 failures for one account from one address refuse that pair with 429 and Retry-After, even with the right password', async () => {
    const owner = await registerUser(app);
    const attacker = newAddress();
    await fail(owner.email, attacker, 10);
    const refused = await login(owner.email, owner.password, attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(refused.body.detail).toBe('Too many failed attempts, try again later');
  });

  test("an attacker's 10 failures from address A do not lock the owner out at address B", async () => {
    const owner = await registerUser(app);
    await fail(owner.email, newAddress(), 10);
    expect((await login(owner.email, owner.password, newAddress())).status).toBe(200);
  });

  test("nor at address A itself once the owner has signed in from A before", async () => {
    const owner = await registerUser(app);
    const office = newAddress();
    expect((await login(owner.email, owner.password, office)).status).toBe(200);
    await fail(owner.email, office, 12);
    expect((await login(owner.email, owner.password, office)).status).toBe(200);
  });

  test('failures from one address across many accounts do not lock out a colleague behind the same address', async () => {
    const colleague = await registerUser(app);
    const office = newAddress();
    for (let i = 0; i < 12; i++) expect((await login(`nadie-${i}-${crypto.randomUUID()}@example.com`, 'mala clave larga', office)).status).toBe(401);
    expect((await login(colleague.email, colleague.password, office)).status).toBe(200);
  });

  test('a success clears the failures of that pair', async () => {
    const owner = await registerUser(app);
    const from = newAddress();
    await fail(owner.email, from, 9);
    expect((await login(owner.email, owner.password, from)).status).toBe(200);
    // now a known address: its own, larger budget applies
    await fail(owner.email, from, 9);
    expect((await login(owner.email, owner.password, from)).status).toBe(200);
  });

  test(`the account as a whole: ${LOGIN_LOCKOUT.account.limit} failures an hour from addresses it never signed in from throttle new addresses, never a known one`, async () => {
    const owner = await registerUser(app);
    const home = newAddress();
    expect((await login(owner.email, owner.password, home)).status).toBe(200);
    // a distributed attacker: 9 failures from each of many addresses, under the pair limit everywhere
    const perAddress = LOGIN_LOCKOUT.pair.limit - 1;
    for (let sent = 0; sent < LOGIN_LOCKOUT.account.limit; sent += perAddress) await fail(owner.email, newAddress(), Math.min(perAddress, LOGIN_LOCKOUT.account.limit - sent));
    expect((await login(owner.email, owner.password, newAddress())).status).toBe(429);
    expect((await login(owner.email, owner.password, home)).status).toBe(200);
  }, 120_000);
});

describe('registration and verification resend are throttled per address', () => {
  test('register: 10 a minute per address, then 429; another address is unaffected', async () => {
    const from = newAddress();
    const register = (headers: Record<string, string>) => app.post('/api/v1/auth/register', { email: `r-${crypto.randomUUID()}@example.com`, password: 'Una clave larga de prueba 42' }, undefined, headers);
    for (let i = 0; i < 10; i++) expect((await register(from)).status).toBe(201);
    const refused = await register(from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await register(newAddress())).status).toBe(201);
  });

  test('verification resend: 5 a minute per address, then 429', async () => {
    const from = newAddress();
    const resend = () => app.post('/api/v1/auth/verify-email/resend', { email: `v-${crypto.randomUUID()}@example.com` }, undefined, from);
    for (let i = 0; i < 5; i++) expect((await resend()).status).toBeLessThan(300);
    expect((await resend()).status).toBe(429);
  });
});

/** The figures that take hundreds of attempts, on the throttle itself, with each counter store. */
const stores: [string, () => CounterStore][] = [
  ['in-process counters', () => new MemoryCounterStore()],
  ['Redis counters (REDIS_URL)', () => new RedisCounterStore(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', `cuadra-test-${crypto.randomUUID()}:`)],
];
for (const [name, makeStore] of stores) {
  describe(`the lockout figures (${name})`, () => {
    let store: CounterStore;
    let throttle: LoginThrottle;
    beforeAll(() => { store = makeStore(); throttle = new LoginThrottle(store); });
    afterAll(async () => { await (store as { close?: () => Promise<void> }).close?.(); });
    const failures = async (account: string, address: string, times: number) => {
      for (let i = 0; i < times; i++) {
        const { known } = await throttle.assertAllowed(account, address);
        await throttle.recordFailure(account, address, known);
      }
    };

    test(`one address across accounts: ${LOGIN_LOCKOUT.address.limit} failures an hour, then that address is throttled for accounts unknown to it`, async () => {
      const address = '198.51.100.1';
      for (let i = 0; i < LOGIN_LOCKOUT.address.limit; i++) await failures(`spray-${i}@example.com`, address, 1);
      await expect(throttle.assertAllowed('another@example.com', address)).rejects.toMatchObject({ status: 429 });
      // an account that has signed in from there keeps its own budget
      await throttle.recordSuccess('regular@example.com', address);
      expect(await throttle.assertAllowed('regular@example.com', address)).toEqual({ known: true });
      expect(await throttle.assertAllowed('another@example.com', '198.51.100.2')).toEqual({ known: false });
    });

    test(`a known (account, address) has its own budget: ${LOGIN_LOCKOUT.knownPair.limit} failures an hour`, async () => {
      await throttle.recordSuccess('owner@example.com', '198.51.100.9');
      await failures('owner@example.com', '198.51.100.9', LOGIN_LOCKOUT.knownPair.limit - 1);
      expect(await throttle.assertAllowed('owner@example.com', '198.51.100.9')).toEqual({ known: true });
      await failures('owner@example.com', '198.51.100.9', 1);
      await expect(throttle.assertAllowed('owner@example.com', '198.51.100.9')).rejects.toMatchObject({ status: 429 });
    });
  });
}
