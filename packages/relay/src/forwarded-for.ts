import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The sender's address behind the user's reverse proxy: X-Forwarded-For is believed only when the connection
 * comes from a configured proxy, and then read from the right, past every trusted proxy, to the first address
 * no trusted proxy owns. Anyone else can write that header, so without a trusted proxy it is ignored.
 */
export function remoteAddressBehind(trustedProxies: readonly string[]) {
  const trusted = new Set(trustedProxies.map(plain));
  return (req: IncomingMessage): string | null => {
    const socketAddress = req.socket.remoteAddress ? plain(req.socket.remoteAddress) : null;
    if (socketAddress === null || !trusted.has(socketAddress)) return socketAddress;
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((hop) => plain(hop.trim()))
      .filter((hop) => isIP(hop) !== 0);
    for (let i = hops.length - 1; i >= 0; i--) if (!trusted.has(hops[i]!)) return hops[i]!;
    return socketAddress;
  };
}
