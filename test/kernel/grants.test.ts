import { describe, expect, test } from 'bun:test';
import { grantRefusal, personGrant, type Grantor } from '../../kernel/grants';
import { scopeCatalogue, scopesAllow, scopesBeyond, unknownScopes } from '../../kernel/scopes';

const session = (role: Grantor['role']): Grantor => ({ kind: 'session', role, validUntil: Date.now() + 3600_000 });
const key = (role: Grantor['role'], scopes?: string[], validUntil?: number): Grantor => ({ kind: 'api_key', role, scopes, validUntil });
const later = (ms: number) => new Date(Date.now() + ms);

describe('grantRefusal: the result never exceeds the grantor', () => {
  test('role: at most the grantor’s own', () => {
    expect(grantRefusal(session('admin'), personGrant('admin', true))).toBeNull();
    expect(grantRefusal(session('admin'), personGrant('owner', true))).toMatch(/above yours/);
    expect(grantRefusal(key('member'), { role: 'admin', scopes: null, expiresAt: null })).toMatch(/above yours/);
    expect(grantRefusal({ kind: 'session', role: null }, personGrant('viewer', false))).toMatch(/No active company/);
  });

  test('no API key adds people, scoped or not; a session does', () => {
    expect(grantRefusal(key('owner'), personGrant('viewer', true))).toMatch(/not by an API key/);
    expect(grantRefusal(key('owner', ['team:write']), personGrant('viewer', true))).toMatch(/not by an API key/);
    expect(grantRefusal(session('owner'), personGrant('viewer', true))).toBeNull();
  });

  test('scopes: at most the grantor’s; a scoped grantor grants nothing unscoped', () => {
    const scoped = key('admin', ['contacts:write', 'invoices:read']);
    expect(grantRefusal(scoped, { role: 'member', scopes: ['contacts:read', 'contacts:write', 'invoices:read'], expiresAt: null })).toBeNull();
    expect(grantRefusal(scoped, { role: 'member', scopes: ['invoices:write'], expiresAt: null })).toMatch(/cannot grant invoices:write/);
    expect(grantRefusal(scoped, { role: 'member', scopes: ['*:read'], expiresAt: null })).toMatch(/cannot grant \*:read/);
    expect(grantRefusal(scoped, personGrant('member', false))).toMatch(/every area/);
    expect(grantRefusal(key('admin', ['*:write']), { role: 'member', scopes: ['ledger:write', '*:read'], expiresAt: null })).toBeNull();
    expect(grantRefusal(key('admin', ['*:read']), { role: 'member', scopes: ['ledger:write'], expiresAt: null })).toMatch(/ledger:write/);
  });

  test('drafts: a key that only prepares grants only keys that prepare', () => {
    const preparing = key('admin', ['invoices:write', 'drafts']);
    expect(grantRefusal(preparing, { role: 'member', scopes: ['invoices:write', 'drafts'], expiresAt: null })).toBeNull();
    expect(grantRefusal(preparing, { role: 'member', scopes: ['invoices:write'], expiresAt: null })).toMatch(/without approval/);
    expect(grantRefusal(preparing, { role: 'member', scopes: ['drafts'], expiresAt: null })).toMatch(/every area/);
    expect(grantRefusal(key('admin', ['drafts']), { role: 'member', scopes: ['drafts', 'ledger:write'], expiresAt: null })).toBeNull();
    expect(grantRefusal(key('admin', ['drafts']), personGrant('member', false))).toMatch(/without approval/);
    expect(grantRefusal(key('admin', ['invoices:write']), { role: 'member', scopes: ['invoices:write', 'drafts'], expiresAt: null })).toBeNull();
  });

  test('expiry: a key’s grant ends no later than the key; a session stands for the person', () => {
    const until = Date.now() + 3600_000;
    expect(grantRefusal(key('admin', undefined, until), { role: 'member', scopes: null, expiresAt: later(1800_000) })).toBeNull();
    expect(grantRefusal(key('admin', undefined, until), { role: 'member', scopes: null, expiresAt: later(7200_000) })).toMatch(/cannot outlive/);
    expect(grantRefusal(key('admin', undefined, until), { role: 'member', scopes: null, expiresAt: null })).toMatch(/cannot outlive/);
    expect(grantRefusal(key('admin', undefined, until), personGrant('member', false))).toMatch(/cannot outlive/);
    expect(grantRefusal(key('admin'), { role: 'member', scopes: null, expiresAt: null })).toBeNull();
    expect(grantRefusal(session('admin'), { role: 'member', scopes: null, expiresAt: later(30 * 24 * 3600_000) })).toBeNull();
  });
});

test('scopesBeyond names what the wanted scopes add', () => {
  expect(scopesBeyond(undefined, null)).toEqual([]);
  expect(scopesBeyond(['team:read'], ['team:read', 'team:write'])).toEqual(['team:write']);
  expect(scopesBeyond(['team:write'], ['team:read'])).toEqual([]);
});

test('drafts narrows no area: only the hold', () => {
  expect(scopesAllow(['drafts'], 'ledger.write')).toBe(true);
  expect(scopesAllow(['contacts:read', 'drafts'], 'ledger.write')).toBe(false);
  expect(scopesAllow(['contacts:read', 'drafts'], 'contacts.read')).toBe(true);
  expect(unknownScopes(['drafts', 'draft', 'drafts:write'], ['contacts.read'])).toEqual(['draft', 'drafts:write']);
  expect(scopeCatalogue(['contacts.read'])).toContain('drafts');
});
