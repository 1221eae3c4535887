/**
 * pdfjs-dist replaces `globalThis.navigator` with a bare object when the runtime's has no
 * `language` (Bun's has none). Bun's `os.availableParallelism()` reads `navigator.hardwareConcurrency`,
 * so after that replacement it answered undefined and the kernel sized its statement pool at zero
 * connections. Giving the runtime's navigator a `language` before pdfjs-dist loads keeps it in place.
 * Import this module before pdfjs-dist.
 */
const runtimeNavigator = (globalThis as { navigator?: { language?: string } }).navigator;
if (runtimeNavigator && !runtimeNavigator.language) {
  Object.defineProperty(runtimeNavigator, 'language', { value: 'en-US', configurable: true, enumerable: true });
}
export {};
