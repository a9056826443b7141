import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { humanLogger, jsonLogger } from '../../src/main/core/logger';
import { tempDataDir } from '../support/temp-dir';

describe('the core’s logger', () => {
  it('for a person: each message one line, as it is, whatever its level', () => {
    const lines: string[] = [];
    const logger = humanLogger((line) => lines.push(line));
    logger.info('store: pruned 3 deliveries past the retention limits');
    logger.warn('source relay.example: disconnected (ECONNRESET); reconnecting');
    logger.error('store: the writer thread stopped again');
    logger.info('core: started with 0 stored deliveries');
    expect(lines).toEqual([
      'store: pruned 3 deliveries past the retention limits',
      'source relay.example: disconnected (ECONNRESET); reconnecting',
      'store: the writer thread stopped again',
      'core: started with 0 stored deliveries',
    ]);
  });

  it('for a server: pino’s JSON, one object a line with its level and time, appended to a file', () => {
    const file = join(tempDataDir(), 'logs', 'inspector.log');
    const logger = jsonLogger({ file });
    logger.info('core: started with 0 stored deliveries');
    logger.warn('store: a PostgreSQL connection failed (terminated) …');
    logger.error('store: deliveries cannot be stored');
    const entries = readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 30, msg: 'core: started with 0 stored deliveries' },
      { level: 40, msg: 'store: a PostgreSQL connection failed (terminated) …' },
      { level: 50, msg: 'store: deliveries cannot be stored' },
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ pid: process.pid, time: expect.any(Number) });
  });
});
