/**
 * Runs `task` once the page is idle (at the latest after `timeoutMs`), for work that must not compete
 * with what the user is waiting for. Answers a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, Math.min(timeoutMs, 500));
  return () => window.clearTimeout(id);
}
