import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReceiverCertificate } from '@webhook-inspector/capture';
import { generate } from 'selfsigned';

export type { ReceiverCertificate };

/** The receiver's self-signed certificate for 127.0.0.1 and localhost: created once, kept in the data dir (0600). */
export async function loadOrCreateCertificate(dataDir: string): Promise<ReceiverCertificate> {
  const dir = join(dataDir, 'tls');
  const certFile = join(dir, 'receiver-cert.pem');
  const keyFile = join(dir, 'receiver-key.pem');
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    const pems = await createCertificate();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(keyFile, pems.private, { mode: 0o600 });
    writeFileSync(certFile, pems.cert, { mode: 0o600 });
  }
  const cert = readFileSync(certFile, 'utf8');
  return { cert, key: readFileSync(keyFile, 'utf8'), fingerprint: new X509Certificate(cert).fingerprint256 };
}

function createCertificate() {
  const notBeforeDate = new Date();
  const notAfterDate = new Date(notBeforeDate);
  notAfterDate.setFullYear(notAfterDate.getFullYear() + 10);
  return generate([{ name: 'commonName', value: 'Webhook Inspector receiver' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
}
