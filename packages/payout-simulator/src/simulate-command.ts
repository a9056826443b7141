import type { Command } from '@webhook-inspector/command-line';
import { simulateDefinition } from './simulate-definition';

/** Its definition, and what runs it: the simulator, loaded only when it runs (never for --help). */
export const simulateCommand = {
  definition: simulateDefinition,
  load: () => import('./standalone-simulator').then((m) => m.simulate),
} satisfies Command;
