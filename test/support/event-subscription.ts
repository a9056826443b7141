import type { EventName, EventPayload } from '../../src/shared/contract';
import type { TestCore } from './core-fixture';

/** The core's server-sent events of one name, from now on. */
export async function subscribe<N extends EventName>(t: TestCore, name: N) {
  const controller = new AbortController();
  const res = await fetch(`${t.core.urls.uiOrigin}/events`, { headers: { Authorization: `Bearer ${t.token}` }, signal: controller.signal });
  const received: Array<EventPayload<N>> = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += value;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop()!;
      for (const block of blocks) {
        const lines = block.split('\n');
        const data = lines.find((l) => l.startsWith('data: '));
        if (lines.includes(`event: ${name}`) && data) received.push(JSON.parse(data.slice(6)) as EventPayload<N>);
      }
    }
  })();
  return { received, stop: () => controller.abort() };
}
