import type { Kernel } from '../../kernel/kernel';
import type { Principal } from '../../kernel/principal';
import { Memberships, Users } from '../identity/api';
import { TenantService } from '../tenants/api';

/** GDPR export and account erasure. It reads and deletes nothing itself: the owners do, through hooks. */
export class AccountService {
  constructor(private readonly kernel: Kernel) {}

  private get identity() { return this.kernel.service('identity'); }

  async export(principal: Principal) {
    const userId = principal.userId;
    const uow = this.kernel.unitOfWork(principal);
    const user: Record<string, unknown> = {};
    await uow.run((tx) => tx.hook('account.exporting-user', { userId, sections: user }), { tenantId: null });
    const tenants = [];
    for (const membership of await this.identity.memberships(userId)) {
      const sections: Record<string, unknown> = {};
      // each company's part holds what the caller's role there (and scopes) may read, no more
      const reader: Principal = { ...principal, tenantId: membership.tenant_id, role: membership.role };
      const allows = (permission: string) => this.kernel.permissions.allows(reader, permission);
      await uow.run((tx) => tx.hook('account.exporting', { userId, tenantId: membership.tenant_id, sections, reader, allows }), { tenantId: membership.tenant_id });
      tenants.push({ tenant_id: membership.tenant_id, tenant_name: membership.tenant_name, role: membership.role, sections });
    }
    return { format: 'cuadra.account-export' as const, version: 1, generated_at: new Date().toISOString(), user, tenants };
  }

  /**
   * After re-authentication: every company where the user is the only owner is erased with all its
   * data; from the others the user only leaves; then the user row goes, and with it (by foreign key)
   * their sessions' validity, API keys, sign-in identities, MFA secrets and tokens. Each company is
   * its own transaction and the user row goes last, so an interrupted deletion can be repeated.
   */
  async delete(principal: Principal, input: { password?: string; mfa_code?: string; id_token?: string }) {
    const userId = principal.userId;
    await this.identity.reauthenticate(userId, input);
    const uow = this.kernel.unitOfWork(principal);
    const deleted: string[] = [];
    const left: string[] = [];
    for (const membership of await this.identity.memberships(userId)) {
      const tenantId = membership.tenant_id;
      const erased = await uow.run(async (tx) => {
        const owners = await Memberships.lockOwners(tx);
        if (owners.length === 1 && owners[0] === userId) {
          // dependants first: documents go before the contacts and tax types they point to
          await tx.hook('tenant.erasing', { tenantId }, { reverse: true });
          await TenantService.erase(tx);
          return true;
        }
        await Memberships.remove(tx, userId);
        return false;
      }, { tenantId });
      // after the commit: a rolled-back erasure keeps the company's files
      if (erased) await this.kernel.files.deleteTenant(tenantId);
      (erased ? deleted : left).push(tenantId);
      this.kernel.logger.info(erased ? 'tenant erased with its sole owner' : 'member left tenant on account deletion', { tenantId, userId });
    }
    await uow.run((tx) => Users.delete(tx, userId), { tenantId: null });
    this.kernel.logger.info('account deleted', { userId, deletedTenants: deleted.length, leftTenants: left.length });
    return { deleted_user_id: userId, deleted_tenant_ids: deleted, left_tenant_ids: left };
  }
}
