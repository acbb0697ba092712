import type { Server } from 'node:net';

/**
 * Starts `server` listening (loopback 127.0.0.1 and any free port by default) and gives its
 * http:// URL (IPv6 hosts bracketed) and port. A listen error rejects; `api` names the caller.
 */
export async function listen(
  server: Server,
  options: { host?: string; port?: number },
  api: string,
): Promise<{ url: string; port: number }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`${api}: the server has no TCP address`);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { url: `http://${host}:${address.port}`, port: address.port };
}
