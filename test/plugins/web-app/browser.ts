import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../../support/app';

/**
 * What the web app's browser tests share: Debian's Chromium (headless, phone width, Spanish), the
 * app started in-process behind a real port, and the checks every flow makes on a page (axe-core's
 * serious and critical violations and the browser's errors, the phone's width, the page heading,
 * the last step's screenshot under test-output/web-app/<backend>/, git ignores it).
 */
export const ROOT = join(import.meta.dir, '../../..');
export const SHOTS = join(ROOT, 'test-output', 'web-app', process.env.CUADRA_TEST_DB ?? 'pglite');
export const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => Boolean(p && existsSync(p)));
export const PHONE = { width: 390, height: 844 };
/** A flow drives the real app through many requests; on a busy 2-core machine one can take minutes. */
export const FLOW_TIMEOUT = 240_000;

export function warnWithoutChromium(what: string) {
  if (!CHROMIUM) console.warn(`[web-app] ${what} browser tests skipped: Chromium is not installed (apt-get install -y chromium, or npm test installs it)`);
}

/** The app on a free port of 127.0.0.1 (its PUBLIC_URL that address), with `env` besides. */
export async function serveTestApp(env: (base: string) => Record<string, string | undefined> = () => ({})): Promise<{ app: TestApp; server: ReturnType<typeof Bun.serve>; base: string }> {
  let app: TestApp | undefined;
  // The first /app request builds the bundle: on a busy machine that outlasts Bun's 10 s idle timeout.
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', idleTimeout: 120, fetch: (request, srv) => app!.handle(request, srv.requestIP(request)?.address) });
  const base = `http://127.0.0.1:${server.port}`;
  app = await startTestApp({ env: { PUBLIC_URL: base, ...env(base) } as Record<string, string> });
  mkdirSync(SHOTS, { recursive: true });
  return { app, server, base };
}

/** Chromium and a phone-sized Spanish context. */
export async function launchPhone(options: { acceptDownloads?: boolean } = {}): Promise<{ browser: Browser; context: BrowserContext }> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const context = await browser.newContext({ viewport: PHONE, locale: 'es-ES', acceptDownloads: options.acceptDownloads ?? false });
  return { browser, context };
}

/** A new page of `context` whose errors land in `errors`. */
export async function watchedPage(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // An API answer of 4xx is logged by the browser as a failed resource: that is the app handling it, not an error.
  page.on('console', (message) => { if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}

/**
 * The checks on "the page" (`current()`, or another one given): `scope` is where nothing may stick
 * out sideways ('main', or 'body' with the header), `prefix` starts each screenshot's name.
 */
export function pageChecks(current: () => Page, errors: string[], options: { scope?: 'main' | 'body'; prefix?: string } = {}) {
  const scope = options.scope ?? 'main';
  /** Serious and critical axe-core violations on the page as it is now. */
  const accessibilityViolations = async (on = current()): Promise<string[]> => {
    if ((await on.evaluate('typeof window.axe')) !== 'object') await on.evaluate(readFileSync(Bun.resolveSync('axe-core/axe.min.js', ROOT), 'utf8'));
    return await on.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`) as string[];
  };
  return {
    accessibilityViolations,
    /** Serious and critical axe-core violations, and browser errors, on the page as it is now. */
    pageProblems: async (on = current()) => [...(await accessibilityViolations(on)), ...errors.splice(0)],
    /** The page fits a phone's width: nothing makes the whole page scroll sideways (else: what sticks out). */
    fitsWidth: (on = current()) => on.evaluate(`document.documentElement.scrollWidth <= window.innerWidth || [...document.querySelectorAll('${scope} *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.table-scroll'))
      .slice(0, 5).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join('; ')`),
    heading: (name: string, on = current()) => on.getByRole('heading', { level: 1, name }),
    shot: (name: string, on = current()) => on.screenshot({ path: join(SHOTS, `${options.prefix ?? ''}${name}.png`), fullPage: true }),
    /** A locator's text with non-breaking spaces as spaces (as the app formats amounts). */
    text: async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\u00a0/g, ' '),
  };
}
