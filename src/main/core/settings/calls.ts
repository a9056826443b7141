import type { CallHandlers, CoreStatus } from '../../../shared/contract';
import type { ResponsePolicy } from '../../../shared/policy';
import type { ResponsePolicyState } from '@webhook-inspector/capture';
import type { ReceiverPorts } from '../receiver/receivers';
import type { Retention } from '../retention';
import type { ServiceConnectionManager } from '../service-connection';
import type { SigningSecret } from '../signing-secret';

export interface SettingsCallDeps {
  secret: SigningSecret;
  policy: ResponsePolicyState<ResponsePolicy>;
  /** Re-analyses the stored deliveries with the secret in force; resolves to how many. */
  reverify: () => Promise<number>;
  /** Moves the receiver to other ports (409 when it cannot). */
  setPorts: (ports: ReceiverPorts) => Promise<void>;
  service: ServiceConnectionManager;
  retention: Retention;
  status: () => CoreStatus;
  publishStatus: () => void;
}

/** The calls `settings.*`: what the inspector does for everyone (the secret, the answers, ports, the service, retention). */
export function settingsCalls(deps: SettingsCallDeps) {
  return {
    'settings.setSecret': async ({ secret }) => {
      deps.secret.set(secret);
      return { reverified: await deps.reverify() };
    },
    'settings.clearSecret': async () => {
      deps.secret.clear();
      return { reverified: await deps.reverify() };
    },
    'settings.setPolicy': (policy) => {
      deps.policy.set(policy);
      return deps.policy.policy;
    },
    'settings.setPorts': async (ports) => {
      await deps.setPorts(ports);
      return deps.status();
    },
    'settings.setService': async ({ connection, apiToken }) => {
      const before = deps.secret.current;
      await deps.service.set(connection, apiToken);
      // The simulator's secret comes and goes with it: verdicts follow the secret in force.
      if (deps.secret.current !== before) await deps.reverify();
      deps.publishStatus();
      return deps.status();
    },
    'settings.setRetention': (limits) => {
      deps.retention.set(limits);
      return deps.status();
    },
  } satisfies Pick<
    CallHandlers,
    'settings.setSecret' | 'settings.clearSecret' | 'settings.setPolicy' | 'settings.setPorts' | 'settings.setService' | 'settings.setRetention'
  >;
}
