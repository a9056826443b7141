import { createServer, isIP, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Resolver } from '../../src/main/core/outbound/egress-policy';

/**
 * A server that must never be reached: it listens on 127.0.0.1 and ::1 at one port, counts every connection
 * (a refused target must not even be connected to), and answers any request 200 so that a leak shows as a success.
 */
export interface Tripwire {
  port: number;
  readonly connections: number;
  close(): Promise<void>;
}

export async function startTripwire(): Promise<Tripwire> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const onConnection = (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok'));
  };
  const v4 = createServer(onConnection);
  const port = await new Promise<number>((resolve) => v4.listen(0, '127.0.0.1', () => resolve((v4.address() as AddressInfo).port)));
  const v6 = createServer(onConnection);
  const servers: Server[] = [v4];
  await new Promise<void>((resolve) => {
    v6.once('error', () => resolve());
    v6.listen(port, '::1', () => {
      servers.push(v6);
      resolve();
    });
  });
  return {
    port,
    get connections() {
      return connections;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}

/**
 * Name resolution as a test says: each name's answers in turn (the last one repeating), every lookup counted.
 * A name it does not know is ENOTFOUND, as from the system.
 */
export function scriptedResolver(names: Record<string, string[][]>): Resolver & { lookups: Map<string, number> } {
  const lookups = new Map<string, number>();
  const resolve = async (hostname: string) => {
    const answers = names[hostname];
    const count = lookups.get(hostname) ?? 0;
    lookups.set(hostname, count + 1);
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const addresses = answers[Math.min(count, answers.length - 1)]!;
    return addresses.map((address) => ({ address, family: isIP(address) }));
  };
  return Object.assign(resolve, { lookups });
}
