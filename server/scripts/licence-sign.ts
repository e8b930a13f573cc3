/**
 * Signs a licence and prints the JSON to register on the /license page or POST /api/sys/license/register:
 *   npm run licence:sign -w @cityops/server -- --key licence-private.pem --customer "某市城管局" \
 *     --expires 2027-12-31 --modules admin,iotcloud,omapp --devices 10000 [--id LIC-001] [--issued DATE]
 * A bare date in --expires means the end of that day (UTC).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { licenceDocumentSchema } from '@cityops/contract';
import { signLicence } from '../src/modules/licence/sign.js';

const { values } = parseArgs({
  options: {
    key: { type: 'string' },
    customer: { type: 'string' },
    expires: { type: 'string' },
    modules: { type: 'string' },
    devices: { type: 'string' },
    id: { type: 'string' },
    issued: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const instant = (value: string, endOfDay: boolean) => {
  const text = dateOnly.test(value) ? `${value}T${endOfDay ? '23:59:59' : '00:00:00'}Z` : value;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) fail(`not a date: ${value}`);
  return date.toISOString();
};

for (const name of ['key', 'customer', 'expires', 'modules', 'devices'] as const) {
  if (!values[name]) fail(`--${name} is required`);
}
const parsed = licenceDocumentSchema.safeParse({
  licenceId: values.id ?? `LIC-${randomUUID()}`.slice(0, 64),
  customer: values.customer,
  issuedAt: values.issued ? instant(values.issued, false) : new Date().toISOString(),
  expiresAt: instant(values.expires ?? '', true),
  modules: (values.modules ?? '')
    .split(',')
    .map((module) => module.trim())
    .filter(Boolean),
  deviceLimit: Number(values.devices),
});
if (!parsed.success) {
  fail(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
}
const privateKeyPem = await readFile(values.key ?? '', 'utf8').catch(() => fail(`cannot read ${values.key}`));
console.log(JSON.stringify(signLicence(parsed.data, privateKeyPem), null, 2));
