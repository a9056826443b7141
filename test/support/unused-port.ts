import { createServer, type AddressInfo } from 'node:net';

/** A 127.0.0.1 port nothing listens on: connecting to it is refused at once, and a server may take it. */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
