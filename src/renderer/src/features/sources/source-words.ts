import type { SourceHealth } from '../../../../shared/relay';
import { formatCount, formatFullTime, formatReceivedTime } from '../../lib/format';

/** `relay:relay.example.com` → `relay.example.com`: the relay's name as the user typed its address. */
export function relayName(source: string): string {
  return source.startsWith('relay:') ? source.slice('relay:'.length) : source;
}

export type SourceTone = 'ok' | 'busy' | 'error';

/** One source's health in a few words, as the top bar and Settings say it; `detail` for a tooltip. */
export function describeSourceHealth(health: SourceHealth, now = new Date()): { label: string; detail: string; tone: SourceTone } {
  switch (health.state) {
    case 'connecting':
      return { label: 'connecting…', detail: `Connecting to ${health.url}.`, tone: 'busy' };
    case 'catching_up':
      return {
        label: health.behind === null ? 'catching up' : `catching up (${formatCount(health.behind)} behind)`,
        detail: 'Pulling what the relay received while this inspector was away, oldest first.',
        tone: 'busy',
      };
    case 'connected':
      return { label: 'connected', detail: `Following the relay's live stream at ${health.url}.`, tone: 'ok' };
    case 'disconnected': {
      const since = health.since === null ? '' : ` since ${formatReceivedTime(health.since, now)}`;
      const reason = health.reason ?? 'no reason given';
      const retry = health.nextRetryAt === null ? '' : ` (next try ${formatReceivedTime(health.nextRetryAt, now)})`;
      return {
        label: `disconnected${since}: ${reason}${retry}`,
        detail:
          `${health.since === null ? '' : `Down since ${formatFullTime(health.since)}. `}` +
          `${health.nextRetryAt === null ? 'Retrying with backoff' : `Next try at ${formatFullTime(health.nextRetryAt)}`}; ` +
          'nothing the relay holds is lost meanwhile.',
        tone: 'error',
      };
    }
  }
}
