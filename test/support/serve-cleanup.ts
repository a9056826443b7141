import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import type { ServeProcess } from './cli-process';

/** The `serve` processes and data dirs a suite starts: killed and removed after it, whatever happened. */
export function cleanedUpAfterAll(): { dataDirs: string[]; running: Set<ServeProcess> } {
  const dataDirs: string[] = [];
  const running = new Set<ServeProcess>();
  afterAll(async () => {
    for (const serve of running) {
      serve.child.kill('SIGKILL');
      await serve.exited;
    }
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });
  return { dataDirs, running };
}
