/**
 * The sign-in and consent pages' words, in Spanish (as the web app, by default) and English (for a
 * browser that prefers it). Values that come from elsewhere (names, URLs) arrive escaped.
 */
const es = {
  lang: 'es',
  signInTitle: (client: string) => `Inicia sesión para que ${client} use Cuadra`,
  signInIntro: (client: string) => `<strong>${client}</strong> pide actuar en tu nombre. Antes, inicia sesión con tu cuenta de Cuadra.`,
  email: 'Correo electrónico',
  password: 'Contraseña',
  mfaCode: 'Código de verificación (si lo usas)',
  signIn: 'Iniciar sesión',
  consentTitle: (client: string) => `¿Permitir que ${client} use Cuadra?`,
  fromDocument: (url: string) => `sus datos se publican en <code>${url}</code>`,
  registered: 'se registró en este servidor',
  consentIntro: (client: string, origin: string, resource: string, name: string, back: string) =>
    `<strong>${client}</strong> (${origin}) pide actuar en tu nombre en <code>${resource}</code> (${name}). Después de responder vuelves a <code>${back}</code>.`,
  noCompany: 'No tienes ninguna empresa en la que puedas dejar actuar a un cliente (hace falta el rol que permite crear claves de API).',
  company: 'Empresa',
  yourRole: (role: string) => `tu rol: ${role}`,
  scopes: 'Qué puede hacer (nunca más de lo que permite tu rol)',
  allow: 'Permitir',
  deny: 'Denegar',
  signOut: '¿No eres tú? Cerrar sesión',
  refused: 'Esta solicitud no puede continuar',
  sessionEnded: 'Tu sesión ha terminado: vuelve a iniciarla',
  chooseScope: 'Elige al menos una cosa que el cliente pueda hacer',
  chooseCompany: 'Elige una de tus empresas en la que puedas crear claves de API',
  changePasswordFirst: 'Antes cambia tu contraseña temporal en Cuadra (en la aplicación, o con POST /api/v1/auth/change-password) y vuelve a empezar',
};

export type ConsentWords = typeof es;

const en: ConsentWords = {
  lang: 'en',
  signInTitle: (client) => `Sign in to let ${client} use Cuadra`,
  signInIntro: (client) => `<strong>${client}</strong> asks to act on your behalf. Sign in with your Cuadra account first.`,
  email: 'Email',
  password: 'Password',
  mfaCode: 'Authentication code (if you use one)',
  signIn: 'Sign in',
  consentTitle: (client) => `Let ${client} use Cuadra?`,
  fromDocument: (url) => `its metadata is published at <code>${url}</code>`,
  registered: 'it registered itself with this server',
  consentIntro: (client, origin, resource, name, back) =>
    `<strong>${client}</strong> (${origin}) asks to act for you on <code>${resource}</code> (${name}). After your answer you return to <code>${back}</code>.`,
  noCompany: 'You have no company where you may let a client act for you (it takes the role needed to create API keys).',
  company: 'Company',
  yourRole: (role) => `your role: ${role}`,
  scopes: 'What it may do (never more than your role allows)',
  allow: 'Allow',
  deny: 'Deny',
  signOut: 'Not you? Sign out',
  refused: 'This request cannot go on',
  sessionEnded: 'Your session has ended: sign in again',
  chooseScope: 'Choose at least one thing the client may do',
  chooseCompany: 'Choose one of your companies where you may create API keys',
  changePasswordFirst: 'Change your temporary password in Cuadra first (in the app, or with POST /api/v1/auth/change-password), then start again',
};

/** English when the browser's first language is English, Spanish otherwise. */
export const consentWords = (request: Request): ConsentWords =>
  /^\s*en\b/i.test(request.headers.get('accept-language') ?? '') ? en : es;
