/**
 * Which peers may tell the server the client's address and scheme (X-Forwarded-For,
 * X-Forwarded-Proto): none unless TRUST_PROXY lists them (addresses, CIDR ranges, or proxy-addr's
 * names `loopback`, `linklocal`, `uniquelocal`, comma-separated). Behind such a proxy the studio
 * cookie gets `Secure` when the borrower's side was https, and the limits count the client's
 * address, not the proxy's. "Trust every peer" is refused: any client could then claim https and
 * any address.
 */
export function trustProxyFromEnv(env: NodeJS.ProcessEnv): false | string[] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === 'false' || raw === '0') return false;
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.some((s) => s === 'true' || s === '*' || /^[0-9]+$/.test(s))) {
    throw new Error(
      `TRUST_PROXY=${raw}: name the proxy's addresses (e.g. 10.0.0.5 or 10.0.0.0/8 or loopback), not "trust everyone" or a hop count.`,
    );
  }
  return list;
}

/**
 * The request's scheme in one spelling: `https` or `http`, lower case. Fastify hands the
 * forwarded protocol of a trusted proxy over as sent (`HTTPS` from some proxies).
 */
export function requestScheme(req: { protocol?: string }): string {
  return (req.protocol ?? 'http').trim().toLowerCase();
}

/** The request's own origin as the server sees it (scheme and Host, through TRUST_PROXY), or null. */
export function requestOrigin(req: { protocol?: string; host: string }): string | null {
  try {
    return new URL(`${requestScheme(req)}://${req.host}`).origin;
  } catch {
    return null;
  }
}
