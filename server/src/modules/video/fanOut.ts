import { VideoError } from './errors.js';

/**
 * Asks the platform once per camera, all at once. A camera the platform refuses (offline, nothing
 * recorded) is left out of the answer, so the player can name it (§5 无预览/回放/对讲地址); when the
 * platform itself fails, or no camera got an answer, the user is told why.
 */
export async function perCamera<T, A = undefined>(
  asks: readonly string[] | ReadonlyMap<string, A>,
  ask: (code: string, request: A) => Promise<T>,
) {
  const entries: [string, A][] = Array.isArray(asks)
    ? [...new Set(asks)].map((code) => [code, undefined as A])
    : [...(asks as ReadonlyMap<string, A>)];
  const unique = entries.map(([code]) => code);
  const results = await Promise.allSettled(entries.map(([code, request]) => ask(code, request)));
  const answers: Record<string, T> = {};
  let firstRefusal: unknown;
  results.forEach((result, index) => {
    const code = unique[index] ?? '';
    if (result.status === 'fulfilled') answers[code] = result.value;
    else firstRefusal ??= result.reason;
  });
  const platformDown = results.find(
    (result) =>
      result.status === 'rejected' && (!(result.reason instanceof VideoError) || result.reason.platformWide),
  );
  if (platformDown?.status === 'rejected') throw platformDown.reason;
  if (Object.keys(answers).length === 0 && firstRefusal !== undefined) throw firstRefusal;
  return answers;
}
