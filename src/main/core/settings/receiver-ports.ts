import { z } from 'zod';
import type { ReceiverPorts, Receivers } from '../receiver/receivers';
import type { SettingsStore } from '../store/inspector-store';

export const defaultHttpsPort = 8443;

const SavedPorts = z.object({ https: z.number().int(), http: z.number().int().nullable() });

/** The receiver's ports at start: the command line's, else the ones saved from Settings, else 8443 and no plain HTTP. */
export function startingPorts(given: { httpsPort?: number; httpPort?: number | null }, settings: SettingsStore): ReceiverPorts {
  const saved = settings.read('receiverPorts', SavedPorts);
  return {
    https: given.httpsPort ?? saved?.https ?? defaultHttpsPort,
    http: given.httpPort !== undefined ? given.httpPort : (saved?.http ?? null),
  };
}

export interface PortChangeDeps {
  receivers: Receivers;
  settings: SettingsStore;
  /** Refuses ports the rest of the core cannot follow (the forward's loop check), before anything moves. */
  check: (ports: ReceiverPorts) => Promise<void>;
  /** Once the receiver listens on the new ports, saved. */
  moved: () => void;
}

/** settings.setPorts: the receiver restarted on other ports and those saved; back on its own (409) when it cannot bind them. */
export function portChanger(deps: PortChangeDeps) {
  return async (ports: ReceiverPorts): Promise<void> => {
    const previous = deps.receivers.ports;
    await deps.check(ports);
    try {
      await deps.receivers.start(ports);
    } catch (error) {
      await deps.receivers.start(previous);
      throw Object.assign(new Error(`could not bind the receiver: ${(error as Error).message}`), { status: 409 });
    }
    deps.settings.write('receiverPorts', ports);
    deps.moved();
  };
}
