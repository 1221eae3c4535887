import { useSyncExternalStore } from 'react';

/**
 * A small router over the History API: the app lives under /app and every deep link is served
 * the same page by the server, so a path here is just the part after /app.
 */
export const BASE = '/app';
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
window.addEventListener('popstate', notify);

/** The current location inside the app: "/contacts", "/" … */
export function currentPath(): string {
  const path = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : window.location.pathname;
  return path === '' ? '/' : path;
}

export function navigate(path: string, options: { replace?: boolean } = {}) {
  const url = BASE + path;
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  notify();
  // Move focus to the new page's heading so keyboard and screen-reader users hear the change.
  // A page loaded on first visit has no heading yet: look again for a moment.
  let tries = 0;
  const focusHeading = () => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) heading.focus();
    else if (++tries < 30) setTimeout(focusHeading, 50);
  };
  queueMicrotask(() => requestAnimationFrame(focusHeading));
}

export function usePath(): string {
  return useSyncExternalStore((listener) => { listeners.add(listener); return () => { listeners.delete(listener); }; }, () => window.location.pathname + window.location.search);
}

