import { setDefaultTimeout } from 'bun:test';
import { useTestPasswordHashCost } from './password-hash-cost';

// Keep test output readable: the service logs only warnings and errors unless LOG_LEVEL says otherwise.
process.env.LOG_LEVEL ??= 'error';
// Starting an app on PGlite can take several seconds on a loaded 2-core machine (hooks included).
setDefaultTimeout(60_000);
// Passwords and secrets are hashed at a low cost, except where the production cost is the subject.
useTestPasswordHashCost();
