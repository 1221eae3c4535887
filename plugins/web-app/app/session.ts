/**
 * The session token, kept in localStorage so a reload stays signed in; listeners re-render the
 * app when it changes (log in, log out, a 401 from the API).
 */
const KEY = 'cuadra.session';
const listeners = new Set<() => void>();

export const session = {
  token: (): string | null => localStorage.getItem(KEY),
  set(token: string) { localStorage.setItem(KEY, token); listeners.forEach((l) => l()); },
  clear() { if (localStorage.getItem(KEY) === null) return; localStorage.removeItem(KEY); listeners.forEach((l) => l()); },
  subscribe(listener: () => void) { listeners.add(listener); return () => { listeners.delete(listener); }; },
};
