import { describe, expect, it } from 'vitest';
import { jsonRelayLogger } from '../src/relay-logger';

describe("the relay's log", () => {
  it('is one JSON object a line, each message at its level, for the journal', () => {
    const lines: string[] = [];
    const logger = jsonRelayLogger('info', { write: (line: string) => void lines.push(line) });
    logger.info('relay: retention pruned 3 deliveries (900 bytes)');
    logger.warn('relay: a pull failed (socket hang up)');
    logger.error('relay: health check: the database cannot be reached');
    expect(lines.every((line) => line.endsWith('\n'))).toBe(true);
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string; time: number; pid: number });
    expect(entries.map((e) => [e.level, e.msg])).toEqual([
      [30, 'relay: retention pruned 3 deliveries (900 bytes)'],
      [40, 'relay: a pull failed (socket hang up)'],
      [50, 'relay: health check: the database cannot be reached'],
    ]);
    expect(entries.every((e) => typeof e.time === 'number' && e.pid === process.pid)).toBe(true);
  });

  it('leaves out what is below its level', () => {
    const lines: string[] = [];
    const logger = jsonRelayLogger('warn', { write: (line: string) => void lines.push(line) });
    logger.info('relay: retention pruned 1 deliveries (10 bytes)');
    logger.warn('relay: the arrivals listener lost its connection (terminated); reconnecting');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['relay: the arrivals listener lost its connection (terminated); reconnecting']);
  });
});
