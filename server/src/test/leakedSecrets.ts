/*
 * What a server's log must never hold, for the in-process test apps (testApp.ts) and the server
 * processes (serverProcess.ts) alike. Free of the test runner: the benchmarks import it too.
 */

/** The demo accounts' passwords and the simulators' platform secrets: never in a log. */
export const KNOWN_SECRETS: readonly string[] = [
  'Admin@123',
  'Operator@123',
  'Nobody@123',
  'cityops-demo-artemis-secret',
  'cityops-demo-icc-password',
  'cityops-demo-icc-client-secret',
];
/** What the tests' passwords look like (`Viewer@123`, `Changed@456`), wherever they came from. */
const PASSWORD_SHAPE = /\b[A-Z][A-Za-z]+@\d{3,}\b/g;

/** The secrets found in a log: the ones given, and anything shaped like a test password. */
export function leakedSecrets(log: string, secrets: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const secret of secrets) if (secret.length >= 6 && log.includes(secret)) found.add(secret);
  for (const match of log.matchAll(PASSWORD_SHAPE)) found.add(match[0]);
  return [...found];
}
