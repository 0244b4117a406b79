import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer. The PWA, its service worker, the hub's WebSocket
 * and the Swagger UI load only files from this origin: Vite's build has no inline script, and
 * 'self' covers ws:/wss: to the same host (CSP Level 3). Styles allow 'unsafe-inline' because
 * the toasts (sonner) inject their stylesheet at run time; scripts never do.
 * 'wasm-unsafe-eval' lets the label scanner's barcode reader (WebAssembly, fetched from this
 * origin) compile, which 'self' alone refuses; it allows no eval() of JavaScript. The camera's
 * video needs no media-src: a MediaStream in `srcObject` is no fetch (decision 067).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // data: for the Swagger UI's logo and the icons its stylesheet inlines.
  imgSrc: ["'self'", 'data:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  workerSrc: ["'self'"],
};

/**
 * Powerful features: the camera for this origin only (scanning device labels, decision 067),
 * the rest off for the portal and anything it might ever embed. Only names Chromium knows: an
 * unknown one is a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=(self)',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Security headers on every answer (HTML, assets, API, errors) through @fastify/helmet, plus a
 * Permissions-Policy (helmet has none), HSTS only over https (`request.protocol` follows
 * X-Forwarded-Proto behind a trusted proxy; over plain http browsers ignore it), and
 * `Cache-Control: no-store` on API answers that set no caching of their own: they are per user.
 * Call on the root instance before any route.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') void reply.header('Strict-Transport-Security', HSTS);
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApi(request.url) && !reply.hasHeader('Cache-Control'))
      void reply.header('Cache-Control', 'no-store');
  });
}
