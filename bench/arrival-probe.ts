import { readdirSync, readFileSync } from 'node:fs';

/**
 * The arrival benchmark's probe, installed in the page before the app's own scripts (page.addInitScript).
 * Plain JavaScript in a string: it runs in Chromium, not in Node, and is handed over as it is.
 *
 * Every time is the page's `performance.timeOrigin + performance.now()` (ms since the epoch, the page's clock):
 * - `sse`: each `deliveries.changed` event as the page receives it, with its latestId (a listener added in the
 *   EventSource's constructor, so it runs before the app's);
 * - `fetches`: each `deliveries.list` call: asked, and its answer's text handed to the app (the ids it brought);
 * - `inserted`: the first time a row element `[data-testid="delivery-row"][data-id]` enters the DOM (a
 *   MutationObserver: it runs right after React's commit, in the same task);
 * - `painted`: for those rows, the next animation frame (`raf`, before that frame's style, layout and paint) and
 *   a message posted from it (`done`: the frame's work on the main thread is over);
 * - `presented`: the row's first paint as Chromium reports it (Element Timing: the probe gives the row's event
 *   cell an `elementtiming` attribute before its frame; `renderTime` is when that frame was presented, in 4 ms
 *   steps). This is "drawn".
 * - `longTasks`: main-thread tasks over 50 ms (PerformanceObserver "longtask").
 */
export const probeScript = String.raw`(() => {
  const now = () => performance.timeOrigin + performance.now();
  const probe = { sse: [], fetches: [], inserted: [], painted: [], presented: [], longTasks: [] };
  Object.defineProperty(window, '__arrivalProbe', { value: probe });

  const NativeEventSource = window.EventSource;
  class ProbedEventSource extends NativeEventSource {
    constructor(url, init) {
      super(url, init);
      this.addEventListener('deliveries.changed', (event) => {
        const t = now();
        try {
          probe.sse.push([JSON.parse(event.data).latestId, t]);
        } catch {}
      });
    }
  }
  window.EventSource = ProbedEventSource;

  const nativeFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const started = now();
    const answer = nativeFetch(input, init);
    if (!url.includes('/rpc/deliveries.list')) return answer;
    let afterId = null;
    try {
      afterId = JSON.parse(init && typeof init.body === 'string' ? init.body : '{}').afterId ?? null;
    } catch {}
    return answer.then((response) => {
      // The moment the app gets the answer's text (it calls response.text()), and the ids in it.
      const text = response.text.bind(response);
      response.text = () =>
        text().then((body) => {
          const read = now();
          let ids = [];
          try {
            ids = (JSON.parse(body).items || []).map((item) => item.id);
          } catch {}
          probe.fetches.push({ started, read, afterId, ids });
          return body;
        });
      return response;
    });
  };

  const seen = new Set();
  const rowSelector = '[data-testid="delivery-row"][data-id]';
  new MutationObserver((records) => {
    const t = now();
    const fresh = [];
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        const rows = node.matches(rowSelector) ? [node] : node.querySelectorAll(rowSelector);
        for (const row of rows) {
          const id = Number(row.getAttribute('data-id'));
          if (seen.has(id)) continue;
          seen.add(id);
          fresh.push(id);
          probe.inserted.push([id, t]);
          const cell = row.querySelector('.cell-event') || row;
          cell.setAttribute('elementtiming', 'row-' + id);
        }
      }
    }
    if (fresh.length === 0) return;
    requestAnimationFrame(() => {
      const raf = now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const done = now();
        for (const id of fresh) probe.painted.push([id, raf, done]);
        channel.port1.close();
      };
      channel.port2.postMessage(null);
    });
  }).observe(document, { childList: true, subtree: true });

  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.identifier.startsWith('row-')) probe.presented.push([Number(entry.identifier.slice(4)), performance.timeOrigin + entry.renderTime]);
      }
    }).observe({ type: 'element', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push([performance.timeOrigin + entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

/** What the probe gathered (page clock, ms since the epoch). */
export interface ProbeData {
  sse: Array<[latestId: number, at: number]>;
  fetches: Array<{ started: number; read: number; afterId: number | null; ids: number[] }>;
  inserted: Array<[id: number, at: number]>;
  painted: Array<[id: number, raf: number, done: number]>;
  presented: Array<[id: number, renderTime: number]>;
  longTasks: Array<[start: number, duration: number]>;
}

/**
 * CPU time (user + system, ms) used so far by the processes below `rootPid` (not itself), leaving out the
 * subtrees of `skip`, by kind: Chromium's `--type=` (renderer, gpu-process, utility, …), else "browser"; from
 * /proc, null where there is none. Exited processes' time is not counted.
 */
export function descendantsCpuMs(rootPid: number, skip: number[] = []): Record<string, number> | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const parent = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name, in parentheses, may hold spaces: the fields after it are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
      cpu.set(Number(name), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // The process ended meanwhile.
    }
  }
  const counted = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parent.get(p) ?? 0, hops++) {
      if (skip.includes(p)) return false;
      if (p === rootPid) return p !== pid;
    }
    return false;
  };
  const byKind: Record<string, number> = {};
  for (const [pid, ms] of cpu) {
    if (!counted(pid)) continue;
    let kind = 'browser';
    try {
      kind = /--type=([\w-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ?? 'browser';
    } catch {
      // Ended meanwhile: its time still counts, as the browser's.
    }
    byKind[kind] = (byKind[kind] ?? 0) + ms;
  }
  return byKind;
}

/** b − a, kind by kind. */
export function cpuDelta(a: Record<string, number> | null, b: Record<string, number> | null): Record<string, number> | null {
  if (!a || !b) return null;
  return Object.fromEntries(Object.keys(b).map((kind) => [kind, b[kind]! - (a[kind] ?? 0)]));
}
