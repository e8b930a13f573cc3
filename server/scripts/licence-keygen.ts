/**
 * Makes a licence vendor key pair: `npm run licence:keygen -w @cityops/server -- --out DIR`.
 * Writes DIR/licence-private.pem (keep it with the vendor, never on a customer server) and
 * DIR/licence-public.pem, and prints the one-line LICENCE_PUBLIC_KEY value for the servers.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateVendorKeys, publicKeyBase64 } from '../src/modules/licence/sign.js';

const { values } = parseArgs({
  options: { out: { type: 'string', default: '.' }, force: { type: 'boolean', default: false } },
});
const dir = resolve(values.out);
const privateFile = join(dir, 'licence-private.pem');
const publicFile = join(dir, 'licence-public.pem');
if (!values.force && (existsSync(privateFile) || existsSync(publicFile))) {
  console.error(`${privateFile} or ${publicFile} exists already; pass --force to replace them`);
  process.exit(1);
}
const pair = generateVendorKeys();
await mkdir(dir, { recursive: true });
await writeFile(privateFile, pair.privateKeyPem, { mode: 0o600 });
await writeFile(publicFile, pair.publicKeyPem);
console.log(`private key: ${privateFile} (keep it secret)`);
console.log(`public key:  ${publicFile}`);
console.log(`LICENCE_PUBLIC_KEY=${publicKeyBase64(pair.publicKeyPem)}`);
