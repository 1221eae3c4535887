import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager, MikroORM } from '@mikro-orm/core';

const current = new AsyncLocalStorage<RequestTransaction>();
/** Set while a piece of work holds the transaction: work it starts joins it instead of queueing behind it. */
const holding = new AsyncLocalStorage<RequestTransaction>();

/**
 * One database transaction spanning a whole request, for requests whose outcome must commit
 * together with their effects (a request sent with an Idempotency-Key: its stored response).
 * Inside `run`, every unit of work (`uow.run`, `uow.read`, `uow.write`) and every raw query made
 * through `Database.execute` joins this transaction instead of committing on its own: each unit of
 * work becomes a savepoint (a failing one is rolled back alone, as its own transaction would be),
 * and nothing is committed until `commit`, which first runs the caller's final statements (the
 * stored response) in the same transaction. `rollback` undoes everything the request did.
 *
 * Pieces of work run one at a time, in the order they ask (the transaction has one connection);
 * work started from inside a running piece joins it. What must wait for the commit (waking the
 * outbox, dropping cached principals) is queued with `afterCommit`.
 */
export class RequestTransaction {
  private root?: EntityManager;
  private turn: Promise<void> = Promise.resolve();
  private readonly afterCommitCallbacks = new Map<string, () => void>();
  private finished = false;

  constructor(private readonly orm: MikroORM) {}

  /** The request transaction of the running code, if any. */
  static current(): RequestTransaction | undefined {
    const transaction = current.getStore();
    return transaction && !transaction.finished ? transaction : undefined;
  }

  /** Runs `work` outside any request transaction: what it does commits on its own. */
  static outside<T>(work: () => Promise<T>): Promise<T> {
    return current.exit(() => holding.exit(work));
  }

  /** Runs `work` (the request's handling) with this transaction as the current one. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return current.run(this, work);
  }

  /** Runs `work` on the transaction's entity manager (opened on first use), one piece at a time. */
  async use<T>(work: (root: EntityManager) => Promise<T>): Promise<T> {
    if (this.finished) throw new Error('The request transaction has already ended');
    if (holding.getStore() === this) return work(await this.open());
    const previous = this.turn;
    let release!: () => void;
    this.turn = new Promise((resolve) => { release = resolve; });
    await previous;
    try {
      return await holding.run(this, async () => work(await this.open()));
    } finally {
      release();
    }
  }

  /** Runs once after the commit (once per `name`); dropped on rollback. */
  afterCommit(name: string, callback: () => void): void {
    this.afterCommitCallbacks.set(name, callback);
  }

  /**
   * Runs `final` in the transaction and commits when it answers true; rolls back when it answers
   * false or throws. Answers whether it committed; after-commit callbacks run only then.
   */
  async commit(final: (root: EntityManager) => Promise<boolean>): Promise<boolean> {
    const committed = await this.use(async (root) => {
      this.finished = true;
      let ok = false;
      try {
        ok = await final(root);
      } finally {
        if (!ok) await root.rollback().catch(() => undefined);
      }
      if (ok) await root.commit();
      return ok;
    });
    if (committed) for (const callback of this.afterCommitCallbacks.values()) callback();
    return committed;
  }

  /** Undoes whatever the request did (nothing to do when it never touched the database). */
  async rollback(): Promise<void> {
    if (this.finished) return;
    if (!this.root) { this.finished = true; return; }
    await this.use(async (root) => {
      this.finished = true;
      await root.rollback();
    });
  }

  private async open(): Promise<EntityManager> {
    if (!this.root) {
      if (this.finished) throw new Error('The request transaction has already ended');
      const root = this.orm.em.fork({ clear: true });
      await root.begin();
      this.root = root;
    }
    return this.root;
  }
}
