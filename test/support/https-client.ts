import { request } from 'node:https';
import { connect, type TLSSocket } from 'node:tls';

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** POSTs exact bytes over HTTPS to the self-signed receiver. */
export function post(
  url: string,
  body: Buffer | string,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, rejectUnauthorized: false, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A TLS socket to the receiver, for requests no well-behaved client would send. */
export function rawTls(url: string): Promise<TLSSocket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Everything the server sends until it closes the connection (or the time limit passes). */
export function readUntilClose(socket: TLSSocket, limitMs = 10_000): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const timer = setTimeout(() => resolve(text), limitMs);
    socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on('error', () => undefined);
  });
}

/** The first answer head the server sends (an interim `100 Continue` counts), up to its blank line. */
export function firstAnswer(socket: TLSSocket, limitMs = 10_000): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = () => {
      clearTimeout(timer);
      socket.off('data', onData);
      resolve(text);
    };
    const onData = (c: Buffer) => {
      text += c.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return;
      text = text.slice(0, end + 4);
      done();
    };
    const timer = setTimeout(done, limitMs);
    socket.on('data', onData);
    socket.once('close', done);
    socket.on('error', () => undefined);
  });
}

export function statusOf(rawResponse: string): number | null {
  const match = /^HTTP\/1\.1 (\d{3})/.exec(rawResponse);
  return match ? Number(match[1]) : null;
}
