import type { DocumentsTestApp } from '../../support/documents';

/** Every after-commit event delivered (statement movements reach the sepa plugin through the outbox). */
export async function outboxDelivered(app: DocumentsTestApp) {
  for (let i = 0; i < 100; i++) {
    app.kernel.outbox.wake();
    await app.kernel.outbox.idle();
    const [pending] = await app.asOwner<{ n: number }>(`select ((select count(*) from outbox_events where fanned_out_at is null) + (select count(*) from outbox_deliveries where status = 'pending'))::int as n`);
    if (Number(pending.n) === 0) return;
    await Bun.sleep(10);
  }
  throw new Error('the outbox did not drain');
}
