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

/**
 * Names HSTS must never be sent for: a browser keeps it per host name whatever the port, so HSTS
 * on localhost (a developer trusting mkcert's certificate) would turn every other local server
 * of that browser, http://localhost:5173 among them, to https for a year. Browsers ignore it
 * for IP addresses anyway (RFC 6797 §8.1.1).
 */
const isLoopbackName = (hostname: string) => {
  const name = hostname.toLowerCase();
  return (
    name === 'localhost' || name.endsWith('.localhost') || name === '[::1]' || /^127\./.test(name)
  );
};

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export interface SecurityHeaderOptions {
  /**
   * False when the server's own certificate is one it made for itself (HTTPS=1 without
   * TLS_CERT_FILE): a try-out on a LAN, not a site that must stay https (decision 068).
   */
  strictTransportSecurity?: boolean;
}

/**
 * Security headers on every answer (HTML, assets, API, errors) through @fastify/helmet, plus a
 * Permissions-Policy (helmet has none), HSTS only over https (`request.protocol` follows
 * X-Forwarded-Proto behind a trusted proxy; over plain http browsers ignore it) and never to a
 * loopback name, and `Cache-Control: no-store` on API answers that set no caching of their own:
 * they are per user. Call on the root instance before any route.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions = {},
): Promise<void> {
  const hsts = options.strictTransportSecurity ?? true;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (hsts && request.protocol === 'https' && !isLoopbackName(request.hostname))
      void reply.header('Strict-Transport-Security', HSTS);
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApi(request.url) && !reply.hasHeader('Cache-Control'))
      void reply.header('Cache-Control', 'no-store');
  });
}
