/**
 * Domain errors. Services throw these; one handler in kernel/http-errors.ts maps them to
 * `{"detail": ...}` with the status below. Anything else is a bug and becomes a generic 500.
 */
export class DomainError extends Error {
  readonly status: number = 400;
  readonly headers: Record<string, string> = {};
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends DomainError { override readonly status = 400; }
export class Unauthorized extends DomainError {
  override readonly status = 401;
  override readonly headers = { 'WWW-Authenticate': 'Bearer' };
  /** `bearerError`: RFC 6750's error code for the challenge (`invalid_token`), when one applies. */
  constructor(message = 'Not authenticated', readonly bearerError?: string) { super(message); }
}
export class Forbidden extends DomainError {
  override readonly status = 403;
  constructor(message = 'Not allowed') { super(message); }
}
export class NotFound extends DomainError {
  override readonly status = 404;
  constructor(message = 'Not found') { super(message); }
}
export class Conflict extends DomainError { override readonly status = 409; }
export class PayloadTooLarge extends DomainError { override readonly status = 413; }
export class UnsupportedMediaType extends DomainError { override readonly status = 415; }
export class TooManyRequests extends DomainError {
  override readonly status = 429;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.headers['Retry-After'] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  }
}

/** The database is unreachable or dropped the connection: the request did not complete, retry it. */
export class ServiceUnavailable extends DomainError {
  override readonly status = 503;
  constructor(message = 'The database connection was lost; retry the request', retryAfterSeconds = 1) {
    super(message);
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

/**
 * Whether an error means the connection to the database was lost or refused: the server ended the
 * session (57P01-57P03, e.g. pg_terminate_backend or a shutdown), a connection exception (08…), or
 * the socket failed (node-postgres and postgres.js report these without a SQLSTATE).
 */
export function isConnectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && (/^57P0[123]$/.test(code) || code.startsWith('08') || /^(CONNECTION_[A-Z]+|CONNECT_TIMEOUT|E[A-Z]+)$/.test(code))) return true;
  const message = (error as Error)?.message ?? '';
  return error instanceof Error && /^(Connection terminated( unexpectedly)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/.test(message);
}

export interface FieldError { loc: (string | number)[]; msg: string; type: string }

/** A business-rule validation failure on named fields: 422 in the HTTPValidationError shape. */
export class ValidationFailed extends DomainError {
  override readonly status = 422;
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => `${e.loc.join('.')}: ${e.msg}`).join('; '));
  }
  static field(loc: (string | number)[], msg: string, type = 'value_error'): ValidationFailed {
    return new ValidationFailed([{ loc, msg, type }]);
  }
}

/** A state or rule violation that is not about one field (e.g. unbalanced entry): 422 with a string detail. */
export class Unprocessable extends DomainError { override readonly status = 422; }

/** Translates PostgreSQL SQLSTATE codes raised at the database boundary into domain errors. */
export function translateDatabaseError(error: unknown): DomainError | undefined {
  if (isConnectionLost(error)) return new ServiceUnavailable();
  const code = (error as { code?: string })?.code;
  if (typeof code !== 'string') return undefined;
  switch (code) {
    case '23505': return new Conflict('A record with the same unique value already exists');
    case '23503': return new NotFound('A referenced record does not exist');
    case '40001':
    case '40P01': return new Conflict('Concurrent update, retry the request');
    case '42501': return new NotFound();
    case '23502':
    case '23514':
    case '22P02':
    case '22003': return new Unprocessable('The data violates a database rule');
    // a date such as 30 February that a lenient format check let through
    case '22007':
    case '22008': return new Unprocessable('A date or time is not valid (the day or time does not exist)');
    case 'P0001': return new Unprocessable((error as Error).message);
    // a trigger that refuses a write because of the state of the books (the ledger's period lock)
    case 'CU409': return new Conflict((error as Error).message);
    // NUL characters and text the database encoding cannot hold arrive as input, not bugs
    case '22021':
    case '22P05': return new Unprocessable('The request contains characters that cannot be stored (such as NUL)');
    default: return undefined;
  }
}
