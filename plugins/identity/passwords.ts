import { availableParallelism } from 'node:os';
import { Algorithm, hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { ValidationFailed } from '../../kernel/errors';

export interface PasswordHashCost { memoryCost: number; timeCost: number }

/** OWASP's argon2id minimum: 19 MiB, two passes (one lane). */
export const PRODUCTION_PASSWORD_HASH_COST: Readonly<PasswordHashCost> = { memoryCost: 19_456, timeCost: 2 };

let cost: Readonly<PasswordHashCost> = PRODUCTION_PASSWORD_HASH_COST;

/**
 * For test processes only: hash new passwords and secrets at another cost. The suite hashes
 * thousands of passwords that no test attacks (every test user, every recovery code), each taking
 * a sizeable share of a core at the production cost; test/support/preload.ts lowers it and one test
 * (test/plugins/identity/password-hashing.test.ts) hashes and verifies at the production cost.
 * A hash records its own cost, so verifying works whatever the cost in force. The service never
 * calls this: there is no setting for it.
 */
export function setPasswordHashCostForTests(next: Readonly<PasswordHashCost>): void {
  cost = next;
}

const argon2Options = () => ({ algorithm: Algorithm.Argon2id, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 }) as const;

const COMMON = new Set((dictionary['passwords-common'] as unknown as string[]).map((p) => p.toLowerCase()));

/** At most this many hashes run at once, so a login flood queues instead of exhausting memory and CPU. */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await work();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}
const hashing = new Semaphore(Math.max(2, availableParallelism()));

export function assertAcceptablePassword(password: string, loc: (string | number)[]): void {
  const length = [...password].length;
  if (length < 10 || length > 256) throw ValidationFailed.field(loc, 'The password must have between 10 and 256 characters', 'value_error.password_length');
  if (COMMON.has(password.toLowerCase())) throw ValidationFailed.field(loc, 'This password is too common; choose another one', 'value_error.password_common');
}

export const hashPassword = (password: string) => hashing.run(() => hash(password, argon2Options()));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** A hash of a random password, for accounts that have none and to spend equal time on unknown emails. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(crypto.randomUUID() + crypto.randomUUID()));
