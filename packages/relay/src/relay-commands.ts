import type { Command } from '@webhook-inspector/command-line';
import {
  channelCreateDefinition,
  channelListDefinition,
  channelRevokeDefinition,
  channelRotateDefinition,
  relayAuditDefinition,
  relayChannelDefinition,
  relayDefinition,
} from './relay-definitions';

export { relayStoreVariable } from './relay-definitions';

/** What runs each command: loaded only when one of them runs, never for --help. */
const runs = () => import('./relay-command-runs');

/** `relay`, `relay channel create|rotate|revoke|list`, `relay audit`. */
export const relayCommands: Command = {
  definition: relayDefinition,
  load: () => runs().then((m) => m.relayCommand),
  subcommands: [
    {
      definition: relayChannelDefinition,
      subcommands: [
        { definition: channelCreateDefinition, load: () => runs().then((m) => m.channelCreateCommand) },
        { definition: channelRotateDefinition, load: () => runs().then((m) => m.channelRotateCommand) },
        { definition: channelRevokeDefinition, load: () => runs().then((m) => m.channelRevokeCommand) },
        { definition: channelListDefinition, load: () => runs().then((m) => m.channelListCommand) },
      ],
    },
    { definition: relayAuditDefinition, load: () => runs().then((m) => m.auditCommand) },
  ],
};
