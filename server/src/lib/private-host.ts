/**
 * Outside calls a company admin points the server at (an AI prompt's base URL, a webhook / n8n /
 * Typebot URL): on a shared installation one tenant must not probe the server's own network
 * (decisions 0194, 0195). No DNS lookup: a public name resolving to a private address is not caught.
 */

/** A loopback, private, link-local, CGNAT or unspecified host, by name or IP literal. */
export const isPrivateHost = (host: string): boolean => {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal')) return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(h);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  if (h.includes(':')) return h === '::' || h === '::1' || h.startsWith('fc') || h.startsWith('fd') || h.startsWith('fe80') || h.startsWith('::ffff:');
  return false;
};

/**
 * Why `url` may not be called: 'bad-url' (not http/https), 'blocked-host' (a private host while
 * they are not allowed), or null when it may.
 */
export const outboundUrlRefusal = (url: string, allowPrivateHosts: boolean): 'bad-url' | 'blocked-host' | null => {
  if (!URL.canParse(url)) return 'bad-url';
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'bad-url';
  return !allowPrivateHosts && isPrivateHost(u.hostname) ? 'blocked-host' : null;
};
