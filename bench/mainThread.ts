/**
 * The DevTools timeline (the Performance panel's data) of what a benchmark does, read back as the
 * main thread's tasks with what filled each: script by file, style, layout, paint, GC. For finding
 * where a click's milliseconds go; prints nothing itself.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

/** The events that say what a task did. */
const PARTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'MinorGC',
  'MajorGC',
  'FireAnimationFrame',
  'EventDispatch',
]);

/** Records the timeline of the page's process while `action` runs. */
export async function traceDuring(context: BrowserContext, page: Page, action: () => Promise<void>) {
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,blink.user_timing,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  try {
    await action();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  return events;
}

/** The `performance.mark`s of the trace named `name`, in order. */
export const marksNamed = (events: readonly TraceEvent[], name: string) =>
  events.filter((event) => event.cat.includes('blink.user_timing') && event.name === name);

/** The other `performance.mark`s of the page between `from` and `to`, as `name at ms` after `from`. */
export const marksBetween = (events: readonly TraceEvent[], from: TraceEvent, to: number) =>
  events
    .filter(
      (event) =>
        event.cat.includes('blink.user_timing') &&
        event.ph !== 'X' &&
        !event.name.startsWith('trace:') &&
        event.ts >= from.ts &&
        event.ts <= to,
    )
    .map((event) => `${event.name} ${((event.ts - from.ts) / 1000).toFixed(1)}`);

/**
 * The main thread's tasks of `from`'s process between `from` and `to` (trace time stamps, µs) that
 * took at least `minMs`, each as a line: when it started after `from`, how long, and its five largest
 * parts.
 */
export function mainThreadTasks(
  events: readonly TraceEvent[],
  from: TraceEvent,
  to: number,
  minMs = 2,
): string[] {
  const thread = events.find(
    (event) =>
      event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === from.pid,
  );
  const slices = events.filter(
    (event) => event.pid === from.pid && event.tid === thread?.tid && event.ph === 'X' && event.ts <= to,
  );
  const ms = (us: number) => (us / 1000).toFixed(1);
  return slices
    .filter(
      (event) =>
        event.name === 'RunTask' &&
        (event.dur ?? 0) >= minMs * 1000 &&
        event.ts + (event.dur ?? 0) >= from.ts,
    )
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const parts = new Map<string, number>();
      for (const event of slices) {
        if (
          event === task ||
          !PARTS.has(event.name) ||
          event.ts < task.ts ||
          event.ts + (event.dur ?? 0) > end
        )
          continue;
        const key =
          event.name === 'FunctionCall' || event.name === 'EvaluateScript'
            ? `${event.name} ${(event.args?.data?.url ?? '').split('/').pop() || '(inline)'}`
            : event.name;
        parts.set(key, (parts.get(key) ?? 0) + (event.dur ?? 0));
      }
      const top = [...parts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([name, us]) => `${name} ${ms(us)}`)
        .join(', ');
      return `task at ${ms(task.ts - from.ts)} ms, ${ms(task.dur ?? 0)} ms: ${top}`;
    });
}
