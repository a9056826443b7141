import type { Server } from 'node:http';
import { closeServer, createHttpReceiver, createHttpsReceiver, listen, type ReceiverDeps } from '@webhook-inspector/capture';
import type { ReceiverCertificate } from './tls';

import type { ReceiverPorts } from './receiver-ports';

export type { ReceiverPorts };

/** The HTTPS receiver and the optional plain-HTTP one, restartable on other ports. */
export class Receivers {
  private https: Server | null = null;
  private http: Server | null = null;
  private bound: ReceiverPorts = { https: 0, http: null };

  constructor(
    private readonly deps: ReceiverDeps,
    private readonly certificate: ReceiverCertificate,
    private readonly host: string,
  ) {}

  get ports(): ReceiverPorts {
    return this.bound;
  }

  get urls(): { https: string | null; http: string | null } {
    const host = this.host.includes(':') ? `[${this.host}]` : this.host;
    return {
      https: this.https ? `https://${host}:${this.bound.https}` : null,
      http: this.http ? `http://${host}:${this.bound.http}` : null,
    };
  }

  /** Binds the given ports (0 = ephemeral); on failure nothing stays bound. */
  async start(ports: ReceiverPorts): Promise<void> {
    await this.stop();
    const https = createHttpsReceiver(this.deps, this.certificate);
    const http = ports.http === null ? null : createHttpReceiver(this.deps);
    try {
      const httpsPort = await listen(https, ports.https, this.host);
      const httpPort = http && ports.http !== null ? await listen(http, ports.http, this.host) : null;
      this.https = https;
      this.http = http;
      this.bound = { https: httpsPort, http: httpPort };
    } catch (error) {
      await Promise.all([closeServer(https), http ? closeServer(http) : Promise.resolve()]);
      throw error;
    }
  }

  async stop(): Promise<void> {
    const servers = [this.https, this.http].filter((s): s is Server => s !== null);
    this.https = null;
    this.http = null;
    await Promise.all(servers.map(closeServer));
  }
}
