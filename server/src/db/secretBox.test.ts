import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createSecretBox, loadSecretBox, SECRETS_KEY_FILE } from './secretBox.js';

const key = () => randomBytes(32);
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the secret box', () => {
  it('seals a secret so that the stored value shows nothing of it, and opens it again', () => {
    const box = createSecretBox(key());
    const sealed = box.seal('cityops-demo-icc-password');
    expect(sealed).toMatch(/^enc1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain('cityops');
    expect(box.seal('cityops-demo-icc-password')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('cityops-demo-icc-password');
    expect(box.seal('')).toBe('');
    expect(box.open(box.seal('平台密码'))).toBe('平台密码');
  });

  it('refuses a value that was tampered with, or sealed with a key it does not have', () => {
    const box = createSecretBox(key());
    const sealed = box.seal('secret');
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    expect(() => box.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`)).toThrow();
    expect(() => createSecretBox(key()).open(sealed)).toThrow(/SECRETS_KEY_PREVIOUS/);
  });

  it('rotates: the previous key still opens, and its values and plain ones are stale', () => {
    const old = key();
    const sealedBefore = createSecretBox(old).seal('artemis-secret');
    const box = createSecretBox(key(), [old]);
    expect(box.open(sealedBefore)).toBe('artemis-secret');
    expect(box.stale(sealedBefore)).toBe(true);
    expect(box.stale('plain text from before')).toBe(true);
    expect(box.open('plain text from before')).toBe('plain text from before');
    expect(box.stale(box.seal('artemis-secret'))).toBe(false);
    expect(box.stale('')).toBe(false);
  });

  it('keeps the demo key in DATA_DIR, readable by its owner only, and the same across starts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cityops-secrets-'));
    dirs.push(dir);
    const config = loadConfig({ DATA_DIR: dir });
    const sealed = (await loadSecretBox(config)).seal('icc-client-secret');
    expect((await stat(join(dir, SECRETS_KEY_FILE))).mode & 0o777).toBe(0o600);
    expect((await readFile(join(dir, SECRETS_KEY_FILE), 'utf8')).trim()).toHaveLength(44);
    expect((await loadSecretBox(config)).open(sealed)).toBe('icc-client-secret');
  });

  it('takes SECRETS_KEY when given, and insists on a real key', async () => {
    const given = key().toString('base64');
    const box = await loadSecretBox(loadConfig({ SECRETS_KEY: given }));
    expect(createSecretBox(Buffer.from(given, 'base64')).open(box.seal('x'))).toBe('x');
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY: must be 32 bytes/);
    expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: `${given},nope` })).toThrow(/SECRETS_KEY_PREVIOUS/);
  });
});
