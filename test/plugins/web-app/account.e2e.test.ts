import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import jsQR from 'jsqr';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../../support/app';
import { CHROMIUM, FLOW_TIMEOUT, launchPhone, pageChecks, PHONE, serveTestApp, warnWithoutChromium, watchedPage } from './browser';
import { backend } from '../../support/database';
import { createCompany, VALID_CIFS, type TestCompany } from '../../support/factories';
import { linkIn, startSmtpServer, type ReceivedMail } from '../../support/smtp';
import { awaitStepMargin, enableMfa, totpCode } from '../../support/totp';

/**
 * The account area of the web app in a real browser (Debian's Chromium, headless, phone width,
 * Spanish) against the app started in-process: two-step sign-in set up and used to log in, a
 * second company and the switch between them, the team (an emailed invitation accepted in the
 * app, a role changed, a member removed), a password reset from the emailed link, API keys.
 * Screenshots of each flow's last step: test-output/web-app/<backend>/account-*.png.
 */
warnWithoutChromium('account');

let app: TestApp;
let server: ReturnType<typeof Bun.serve>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let base: string;
let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;
let owner: TestCompany;
const companyName = 'Talleres Ruiz SL';
const browserErrors: string[] = [];

/** The flows run in the PGlite pass (the embedded database `npm start` uses), as flows.e2e.test.ts does. */
const RUN = Boolean(CHROMIUM) && backend !== 'postgres';

beforeAll(async () => {
  if (!RUN) return;
  smtp = await startSmtpServer();
  // No FRONTEND_URL: the web-app plugin makes the emailed links lead into /app by itself.
  ({ app, server, base } = await serveTestApp(() => ({ FRONTEND_URL: undefined, SMTP_URL: smtp.url })));
  ({ browser, context } = await launchPhone());
  // The API key's copy button writes to the clipboard; the test reads it back.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  page = await newPage(context);
  owner = await createCompany(app, companyName, VALID_CIFS[0]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  server?.stop(true);
  await app?.close();
  await smtp?.close();
});

const newPage = (of: BrowserContext) => watchedPage(of, browserErrors);
// the header (company picker, language, logout) must fit too: the whole body, not only main
const { pageProblems, fitsWidth, heading, shot } = pageChecks(() => page, browserErrors, { scope: 'body', prefix: 'account-' });
const token = () => page.evaluate('localStorage.getItem("cuadra.session")').then(String);

/** The first message to `to` received after `since` messages were in the inbox whose subject matches. */
async function mailAfter(since: number, to: string, subject: RegExp): Promise<ReceivedMail> {
  for (let waited = 0; waited < 100; waited++) {
    const found = smtp.inbox.slice(since).find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    if (found) return found;
    await Bun.sleep(200);
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/** Waits until the header's company picker shows `name` as the current company (the page's CSP refuses waitForFunction's eval). */
async function companyShown(name: string, on = page) {
  for (let tries = 0; tries < 100; tries++) {
    if ((await on.locator('#company-switch option:checked').textContent({ timeout: 15_000 }).catch(() => null)) === name) return;
    await Bun.sleep(150);
  }
  throw new Error(`the header does not show ${name}`);
}

const totpOf = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
const stepNow = () => Math.floor(Date.now() / 30_000);

async function logIn(email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

describe.skipIf(!RUN)('the account area in the browser (phone width, Spanish)', () => {
  let password: string;

  test('two-step sign-in: set up from the QR code the API gave, log out, log in with a TOTP code, turn it off', async () => {
    password = owner.password;
    await page.goto(`${base}/app/login`);
    await heading('Iniciar sesión').waitFor();
    await logIn(owner.email, password);
    await heading('Panel').waitFor();
    await page.getByRole('link', { name: 'Mi cuenta' }).click();
    await heading('Mi cuenta').waitFor();
    await page.getByText('Desactivada: para entrar basta la contraseña.').waitFor();
    expect(await pageProblems()).toEqual([]);

    await page.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
    const qr = page.getByRole('img', { name: 'Código QR para tu app de autenticación' });
    await qr.waitFor();
    const secret = String(await page.locator('code.secret').getAttribute('data-secret'));
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The secret shown as text, in groups of four, is the one in the QR code.
    expect((await page.locator('code.secret').textContent())?.replace(/\s/g, '')).toBe(secret);
    const uri = String(await page.getByRole('link', { name: 'Abrir en la app de autenticación de este dispositivo' }).getAttribute('href'));
    expect(uri.startsWith('otpauth://totp/')).toBe(true);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    // The QR code as drawn on the screen reads back as that otpauth URI.
    const png = await qr.screenshot();
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data).toBe(uri);
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);

    // A wrong code: the API's message on the field; then the authenticator's code turns it on.
    await page.getByLabel('Código que muestra la app').fill('000000');
    await page.getByRole('button', { name: 'Confirmar y activar' }).click();
    await page.locator('input[aria-invalid="true"][name="code"]').waitFor();
    await awaitStepMargin();
    const activationStep = stepNow();
    await page.getByLabel('Código que muestra la app').fill(totpOf(secret).generate({ timestamp: activationStep * 30_000 + 1 }));
    await page.getByRole('button', { name: 'Confirmar y activar' }).click();
    await page.getByText('Verificación en dos pasos activada.').waitFor();
    const codes = await page.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await pageProblems()).toEqual([]);
    await page.getByRole('button', { name: 'Ya los he guardado' }).click();
    await page.getByText('Activada. Te quedan 10 códigos de recuperación.').waitFor();
    expect((await app.get('/api/v1/auth/mfa/status', await token())).body).toEqual({ enabled: true, pending: false, recovery_codes_remaining: 10 });

    // Log out; the password alone no longer signs in: the code field appears (with its hint, no error).
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await heading('Iniciar sesión').waitFor();
    await logIn(owner.email, password);
    const codeField = page.getByLabel('Código de verificación (MFA)');
    await codeField.waitFor();
    expect(await page.locator('input[aria-invalid="true"]').count()).toBe(0);
    expect(await pageProblems()).toEqual([]);
    await codeField.fill('123456');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.locator('input[aria-invalid="true"][name="mfa_code"]').waitFor();
    // A code of a later step than the one activation used (codes are never accepted twice).
    const step = Math.max(activationStep + 1, stepNow());
    await codeField.fill(totpOf(secret).generate({ timestamp: step * 30_000 + 1 }));
    await page.getByRole('button', { name: 'Entrar' }).click();
    await heading('Panel').waitFor();

    // A recovery code works in the same field, once.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await heading('Iniciar sesión').waitFor();
    await logIn(owner.email, password);
    await codeField.waitFor();
    await codeField.fill(codes[0]);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await heading('Panel').waitFor();

    // Off again, confirmed with the password.
    await page.getByRole('link', { name: 'Mi cuenta' }).click();
    await page.getByText('Activada. Te quedan 9 códigos de recuperación.').waitFor();
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Desactivar la verificación en dos pasos' }).click();
    await page.getByText('Verificación en dos pasos desactivada.').waitFor();
    await page.getByText('Desactivada: para entrar basta la contraseña.').waitFor();
    expect((await app.get('/api/v1/auth/mfa/status', await token())).body.enabled).toBe(false);
    expect(await pageProblems()).toEqual([]);
    await shot('1-mfa');
  }, FLOW_TIMEOUT);

  test('company switch: a second company from the account page, then the header\'s picker; the contacts follow', async () => {
    expect((await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente de Talleres SL' }, await token())).status).toBe(201);
    await page.getByRole('button', { name: 'Añadir otra empresa' }).click();
    await page.getByLabel('Nombre comercial').fill('Reformas Vega SL');
    await page.getByLabel('NIF/CIF').fill(VALID_CIFS[1]);
    await page.getByRole('button', { name: 'Crear empresa' }).click();
    // The session is now the new company's: the header's picker says so, and its contacts are its own.
    const picker = page.getByLabel('Empresa', { exact: true });
    await companyShown('Reformas Vega SL');
    expect(await picker.locator('option').allTextContents()).toEqual(expect.arrayContaining([companyName, 'Reformas Vega SL']));
    await page.locator('.cards li', { hasText: 'Reformas Vega SL' }).getByText('activa', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Contactos' }).click();
    await heading('Contactos').waitFor();
    await page.getByText('0 contactos').waitFor();
    expect(await pageProblems()).toEqual([]);

    // Back to the first company from the header: the same page now shows that company's contacts.
    await picker.selectOption({ label: companyName });
    // Choosing is not switching: the switch happens on the button (a change of context on request).
    await page.getByText('0 contactos').waitFor();
    await page.getByRole('button', { name: 'Cambiar', exact: true }).click();
    await page.getByText('1 contacto', { exact: true }).waitFor();
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Cliente de Talleres SL']);
    expect(new URL(page.url()).pathname).toBe('/app/contacts');
    expect((await app.get('/api/v1/auth/me', await token())).body.tenant.name).toBe(companyName);
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    await shot('2-company-switch');
  }, FLOW_TIMEOUT);

  test('team: an invitation by email lands on the accept page; the new member joins, gets another role, is removed', async () => {
    const invitee = `nuevo-${Date.now()}@example.com`;
    await page.getByRole('link', { name: 'Equipo' }).click();
    await heading('Equipo').waitFor();
    await page.getByText('tú', { exact: true }).waitFor();
    expect(await pageProblems()).toEqual([]);

    const before = smtp.inbox.length;
    await page.getByLabel('Correo electrónico', { exact: true }).fill(invitee);
    await page.getByLabel('Rol', { exact: true }).selectOption('accountant');
    await page.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText(`Invitación enviada a ${invitee}.`).waitFor();
    await page.getByRole('button', { name: `Revocar la invitación de ${invitee}` }).waitFor();

    // The emailed link leads into the app's accept page, opened in another browser (the invitee's).
    const link = linkIn((await mailAfter(before, invitee, /./)).text);
    expect(link.startsWith(`${base}/app/invitations/`)).toBe(true);
    const theirs = await browser!.newContext({ viewport: PHONE, locale: 'es-ES' });
    const them = await newPage(theirs);
    await them.goto(link);
    await heading(`Únete a ${companyName}`, them).waitFor();
    await them.getByText('te invita a unirte como Contable').waitFor();
    expect(await pageProblems(them)).toEqual([]);
    expect(await fitsWidth(them)).toBe(true);
    await them.getByLabel('Nombre completo').fill('Luis Nuevo');
    await them.getByLabel('Elige una contraseña').fill('Otra clave bastante larga 2026');
    await them.getByRole('button', { name: 'Aceptar la invitación' }).click();
    await heading('Panel', them).waitFor();
    await them.getByText(`Empresa: ${companyName}`).waitFor();
    await shot('3-invitation-accepted', them);
    await theirs.close();

    // The owner sees the new member, changes their role, then removes them.
    await page.reload();
    const role = page.getByLabel('Rol de Luis Nuevo');
    await role.waitFor();
    expect(await role.inputValue()).toBe('accountant');
    await page.getByText('aceptada', { exact: true }).waitFor();
    await role.selectOption('member');
    await page.getByRole('button', { name: 'Guardar el rol de Luis Nuevo' }).click();
    await page.getByText('Luis Nuevo ahora es Miembro.').waitFor();
    const members = async () => (await app.get('/api/v1/team/members', await token())).body as { email: string; role: string }[];
    expect((await members()).find((m) => m.email === invitee)?.role).toBe('member');
    // With the keyboard: the question opens with the focus on Cancel; Tab, Enter confirms.
    await page.getByRole('button', { name: 'Quitar a Luis Nuevo' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor();
    expect(await pageProblems()).toEqual([]);
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Cancelar');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Quitar');
    await page.keyboard.press('Enter');
    await page.getByText('Luis Nuevo ya no es miembro.').waitFor();
    expect((await members()).map((m) => m.email)).toEqual([owner.email]);

    // A second invitation, revoked: its link then says so.
    const other = `otra-${Date.now()}@example.com`;
    const sent = smtp.inbox.length;
    await page.getByLabel('Correo electrónico', { exact: true }).fill(other);
    await page.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText(`Invitación enviada a ${other}.`).waitFor();
    const otherLink = linkIn((await mailAfter(sent, other, /./)).text);
    await page.getByRole('button', { name: `Revocar la invitación de ${other}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revocar' }).click();
    await page.getByText(`Invitación de ${other} revocada.`).waitFor();
    await page.getByText('revocada', { exact: true }).waitFor();
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    await shot('3-team');
    const late = await newPage(context);
    await late.goto(otherLink);
    await late.getByText('Esta invitación no existe, ya se usó o fue revocada.').waitFor();
    await late.close();

    // An account made by the owner with a temporary password: shown once; its first login must replace it.
    const temporaryEmail = `temporal-${Date.now()}@example.com`;
    await page.getByLabel('Su correo electrónico').fill(temporaryEmail);
    await page.getByLabel('Nombre completo').fill('Ana Temporal');
    await page.getByRole('button', { name: 'Crear con contraseña temporal' }).click();
    await page.getByText(`Cuenta creada para ${temporaryEmail}.`, { exact: false }).waitFor();
    const temporary = await page.getByLabel('Contraseña temporal').inputValue();
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    await page.getByLabel('Rol de Ana Temporal').waitFor();
    expect(await page.getByLabel('Su correo electrónico').inputValue()).toBe('');
    expect(await pageProblems()).toEqual([]);
    const hers = await browser!.newContext({ viewport: PHONE, locale: 'es-ES' });
    const her = await newPage(hers);
    await her.goto(`${base}/app/login`);
    await her.getByLabel('Correo electrónico').fill(temporaryEmail);
    await her.getByLabel('Contraseña', { exact: true }).fill(temporary);
    await her.getByRole('button', { name: 'Entrar' }).click();
    await heading('Elige tu contraseña', her).waitFor();
    expect(await her.getByRole('navigation').count()).toBe(0);
    expect(await pageProblems(her)).toEqual([]);
    await her.getByLabel('Contraseña temporal').fill(temporary);
    await her.getByLabel('Contraseña nueva').fill('La clave de Ana es larga 2026');
    await her.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await heading('Panel', her).waitFor();
    await her.getByText(`Empresa: ${companyName}`).waitFor();
    await hers.close();
  }, FLOW_TIMEOUT);

  test('an invitation to someone who already has an account (with MFA): accepted with their password and a code; they then switch between their companies', async () => {
    const advisor = await createCompany(app, 'Asesoría Norte SL', VALID_CIFS[2]);
    const { secret } = await enableMfa(app, advisor.token);
    const before = smtp.inbox.length;
    await page.getByRole('link', { name: 'Equipo' }).click();
    await heading('Equipo').waitFor();
    await page.getByLabel('Correo electrónico', { exact: true }).fill(advisor.email);
    await page.getByLabel('Rol', { exact: true }).selectOption('accountant');
    await page.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText(`Invitación enviada a ${advisor.email}.`).waitFor();

    const link = linkIn((await mailAfter(before, advisor.email, /./)).text);
    const theirs = await browser!.newContext({ viewport: PHONE, locale: 'es-ES' });
    const them = await newPage(theirs);
    await them.goto(link);
    await heading(`Únete a ${companyName}`, them).waitFor();
    await them.getByText('Ya tienes cuenta en Cuadra: acepta con tu contraseña.').waitFor();
    expect(await them.getByLabel('Nombre completo').count()).toBe(0);
    await them.getByLabel('Contraseña', { exact: true }).fill(advisor.password);
    await them.getByRole('button', { name: 'Aceptar la invitación' }).click();
    // Their account has MFA: the code field appears (no error yet), then the authenticator's code.
    const code = them.getByLabel('Código de verificación (MFA)');
    await code.waitFor();
    expect(await them.locator('input[aria-invalid="true"]').count()).toBe(0);
    expect(await pageProblems(them)).toEqual([]);
    await code.fill(totpCode(secret, 1));
    await them.getByRole('button', { name: 'Aceptar la invitación' }).click();
    await heading('Panel', them).waitFor();
    // In two companies now: the header's picker has both, and switching moves the session.
    const picker = them.getByLabel('Empresa', { exact: true });
    await companyShown(companyName, them);
    await picker.selectOption({ label: 'Asesoría Norte SL' });
    await them.getByRole('button', { name: 'Cambiar', exact: true }).click();
    await companyShown('Asesoría Norte SL', them);
    await heading('Panel', them).waitFor();
    const theirToken = String(await them.evaluate('localStorage.getItem("cuadra.session")'));
    expect((await app.get('/api/v1/auth/me', theirToken)).body.tenant.name).toBe('Asesoría Norte SL');
    expect(await pageProblems(them)).toEqual([]);
    expect(await fitsWidth(them)).toBe(true);
    await shot('3-existing-user-joined', them);
    await theirs.close();
    await page.reload();
    // The owner sees them as a member, with the role they were invited with.
    await page.getByLabel('Rol de Test User').waitFor();
    expect(await page.getByLabel('Rol de Test User').inputValue()).toBe('accountant');
  }, FLOW_TIMEOUT);

  test('API keys: a read-only key shown once and copied, it reads and cannot write; a wrong scope is explained; revoked, it stops working', async () => {
    await page.getByRole('link', { name: 'Claves API' }).click();
    await heading('Claves API').waitFor();
    await page.getByText('No hay claves.').waitFor();
    expect(await pageProblems()).toEqual([]);

    await page.getByLabel('Nombre (para reconocerla)').fill('Agente de lectura');
    await page.getByText('Solo consultar (*:read)').click();
    await page.getByRole('button', { name: 'Crear clave' }).click();
    await page.getByText('Clave «Agente de lectura» creada.').waitFor();
    const key = await page.getByLabel('Clave', { exact: true }).inputValue();
    expect(key).toMatch(/^agl_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Copiar la clave' }).click();
    await page.getByText('Copiado.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);
    const card = page.getByRole('listitem').filter({ hasText: 'Agente de lectura' });
    await card.getByText('*:read').waitFor();
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    expect((await app.get('/api/v1/contacts', key)).status).toBe(200);
    expect((await app.post('/api/v1/contacts', { kind: 'customer', name: 'No debería crearse' }, key)).status).toBe(403);
    // Once dismissed, the secret is gone from the page.
    await page.getByRole('button', { name: 'Ya la he guardado' }).click();
    expect(await page.getByLabel('Clave', { exact: true }).count()).toBe(0);
    expect(await page.content()).not.toContain(key);

    // Scopes typed by hand: an unknown one gets the API's message (with the known ones) on the field.
    await page.getByLabel('Nombre (para reconocerla)').fill('Facturación');
    await page.getByText('Solo los ámbitos que indique').click();
    await page.getByRole('textbox', { name: 'Ámbitos' }).fill('invoices:write facturas:read');
    await page.getByRole('button', { name: 'Crear clave' }).click();
    await page.locator('input[aria-invalid="true"][name="scopes"]').waitFor();
    await page.getByText(/Unknown scopes: facturas:read/).waitFor();
    await page.getByRole('textbox', { name: 'Ámbitos' }).fill('invoices:write contacts:read');
    await page.getByText(/^Solo preparar/).click();
    await page.getByRole('button', { name: 'Crear clave' }).click();
    await page.getByText('Clave «Facturación» creada.').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Facturación' }).getByText('invoices:write contacts:read drafts').waitFor();
    expect(await pageProblems()).toEqual([]);

    await page.getByRole('button', { name: 'Revocar «Agente de lectura»' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revocar' }).click();
    await page.getByText('Clave «Agente de lectura» revocada.').waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'Agente de lectura' }).count()).toBe(0);
    expect((await app.get('/api/v1/contacts', key)).status).toBe(401);
    expect(await pageProblems()).toEqual([]);
    await shot('4-api-keys');
  }, FLOW_TIMEOUT);

  test('reset password: from the login page, the emailed link lands on the app\'s reset page, then log in with the new password', async () => {
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await heading('Iniciar sesión').waitFor();
    await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
    await heading('Recuperar la contraseña').waitFor();
    expect(await pageProblems()).toEqual([]);
    const before = smtp.inbox.length;
    await page.getByLabel('Correo electrónico').fill(owner.email);
    await page.getByRole('button', { name: 'Enviar el enlace' }).click();
    await page.getByText(`Si hay una cuenta con ${owner.email}`).waitFor();

    const link = linkIn((await mailAfter(before, owner.email, /contraseña/i)).text);
    expect(link.startsWith(`${base}/app/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await heading('Elige una contraseña nueva').waitFor();
    expect(await pageProblems()).toEqual([]);
    // Too short: the API's message on the field.
    await page.getByLabel('Contraseña nueva').fill('corta');
    await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await page.locator('input[aria-invalid="true"][name="new_password"]').waitFor();
    const fresh = 'Una contraseña nueva y larga 2027';
    await page.getByLabel('Contraseña nueva').fill(fresh);
    await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await page.getByText('Contraseña cambiada. Ya puedes iniciar sesión con ella.').waitFor();
    expect(await fitsWidth()).toBe(true);
    // The link works once.
    expect((await app.post('/api/v1/auth/reset-password', { token: new URL(link).searchParams.get('token'), new_password: 'Y otra más larga todavía 2028' })).status).toBe(400);

    await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
    await heading('Iniciar sesión').waitFor();
    await logIn(owner.email, password);
    await page.getByText('Correo o contraseña incorrectos.').waitFor();
    await logIn(owner.email, fresh);
    await heading('Panel').waitFor();
    expect(await pageProblems()).toEqual([]);
    await shot('5-password-reset');

    // Changed again from the account page: the session goes on with the token the API answered.
    await page.getByRole('link', { name: 'Mi cuenta' }).click();
    await page.getByLabel('Contraseña actual').fill('no es la actual');
    await page.getByLabel('Contraseña nueva').fill('Y otra contraseña larga 2028');
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await page.locator('input[aria-invalid="true"][name="current_password"]').waitFor();
    await page.getByLabel('Contraseña actual').fill(fresh);
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await page.getByText('Contraseña cambiada. Las demás sesiones abiertas se han cerrado.').waitFor();
    expect((await app.get('/api/v1/auth/me', await token())).status).toBe(200);
    expect((await app.post('/api/v1/auth/login', { email: owner.email, password: 'Y otra contraseña larga 2028' })).status).toBe(200);
    expect(await pageProblems()).toEqual([]);
  }, FLOW_TIMEOUT);

  test('English: the account pages carry the same labels in English', async () => {
    await page.locator('.languages').getByText('EN', { exact: true }).click();
    await page.getByRole('link', { name: 'My account' }).click();
    await heading('My account').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Two-step verification' }).waitFor();
    await page.getByRole('link', { name: 'Team' }).click();
    await heading('Team').waitFor();
    await page.getByRole('link', { name: 'API keys' }).click();
    await heading('API keys').waitFor();
    await page.getByRole('heading', { level: 2, name: 'The company\'s keys' }).waitFor();
    await page.getByRole('button', { name: 'Revoke «Facturación»' }).waitFor();
    expect(await pageProblems()).toEqual([]);
    await page.locator('.languages').getByText('ES', { exact: true }).click();
    await heading('Claves API').waitFor();
  }, FLOW_TIMEOUT);
});
