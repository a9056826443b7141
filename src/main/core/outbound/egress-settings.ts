import { z } from 'zod';
import type { CallHandlers } from '../../../shared/contract';
import type { EgressStatus } from '../../../shared/egress';
import type { SettingsStore } from '../store/inspector-store';
import { parseAllowRule, type AllowRule } from './allow-rule';
import { EgressPolicy, type Resolver } from './egress-policy';
import type { Logger } from '../logger';

/** The settings key the rules saved from Settings → Egress are kept under (an agent on a team's store reads them too). */
export const savedEgressRulesKey = 'egressRules';

/** The saved rules that parse; each one that does not is logged and ignored. */
export function parseSavedRules(texts: readonly string[], logger: Logger): AllowRule[] {
  const rules: AllowRule[] = [];
  for (const text of texts) {
    try {
      rules.push(parseAllowRule(text));
    } catch (error) {
      logger.warn(`egress: a saved allowed target is ignored (${(error as Error).message})`);
    }
  }
  return rules;
}

export interface EgressDeps {
  settings: SettingsStore;
  /** A team server: special addresses refused unless a rule allows them. */
  restricted: boolean;
  /** `serve --allow-target`, for this run (an invalid one stops the start with its reason). */
  commandLine: readonly string[];
  resolve?: Resolver;
  logger: Logger;
}

/** The core's egress policy and its rules: the command line's for this run, and the ones saved from Settings. */
export function createEgress(deps: EgressDeps) {
  const commandLine = deps.commandLine.map(parseAllowRule);
  let saved = parseSavedRules(deps.settings.read(savedEgressRulesKey, z.array(z.string())) ?? [], deps.logger);
  const policy = new EgressPolicy({ team: deps.restricted, rules: () => [...commandLine, ...saved], resolve: deps.resolve });
  const status = (): EgressStatus => ({
    restricted: deps.restricted,
    commandLine: commandLine.map((rule) => rule.text),
    saved: saved.map((rule) => rule.text),
  });
  const calls: Pick<CallHandlers, 'egress.get' | 'egress.set'> = {
    'egress.get': () => status(),
    'egress.set': ({ rules }) => {
      // All or nothing: one invalid rule is a 400 naming it, and nothing changes.
      const parsed = rules.map(parseAllowRule);
      saved = parsed;
      deps.settings.write(savedEgressRulesKey, parsed.map((rule) => rule.text));
      return status();
    },
  };
  return { policy, calls };
}
