/** Finding IMEIs of existing devices through the portal's own API, as any API client would. */

export interface PortalLogin {
  /** The portal's base URL, e.g. http://127.0.0.1:8080 */
  portal: string;
  email: string;
  password: string;
  /** How many IMEIs are wanted at most. */
  limit: number;
  fetch?: typeof fetch;
}

const PAGE_SIZE = 100;

/** IMEIs of a device list answer: an array of devices, or an object holding one. */
function imeisOf(body: unknown): { imeis: string[]; lastId: number | null; count: number } {
  const list: unknown[] = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null
      ? (Object.values(body).find(Array.isArray) ?? [])
      : [];
  const imeis: string[] = [];
  let lastId: number | null = null;
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) continue;
    const device = entry as Record<string, unknown>;
    const imei = device.IMEI ?? device.imei ?? device.Imei;
    if (typeof imei === 'string' && imei) imeis.push(imei);
    const id = device.Id ?? device.id;
    if (typeof id === 'number') lastId = id;
  }
  return { imeis, lastId, count: list.length };
}

/**
 * Signs in and pages through `GET /api/devices/` (then `devices/chunk/{lastId}`) until `limit`
 * IMEIs are known or the list ends.
 */
export async function fetchImeis(options: PortalLogin): Promise<string[]> {
  const request = options.fetch ?? fetch;
  const base = options.portal.replace(/\/+$/, '');
  const login = await request(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: options.email, Password: options.password }),
  });
  if (!login.ok)
    throw new Error(`sign-in at ${base} failed: ${login.status} ${await login.text()}`);
  const { AccessToken } = (await login.json()) as { AccessToken?: string };
  if (!AccessToken) throw new Error('sign-in answered no AccessToken');
  const headers = { authorization: `Bearer ${AccessToken}` };

  const imeis: string[] = [];
  let path = '/api/devices/';
  while (imeis.length < options.limit) {
    const response = await request(`${base}${path}`, { headers });
    if (!response.ok) {
      throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    }
    const page = imeisOf(await response.json());
    imeis.push(...page.imeis);
    if (page.count < PAGE_SIZE || page.lastId === null) break;
    path = `/api/devices/chunk/${page.lastId}`;
  }
  return imeis.slice(0, options.limit);
}
