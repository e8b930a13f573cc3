import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, listening } from './ports.js';

/**
 * A real nginx (Debian's `nginx`, scripts/ensure-deps.sh --system) in front of server instances, run
 * from the deployment's own configuration (deploy/nginx.conf.template) inside a main configuration
 * of its own: its pid, logs and temporary files in a scratch folder, in the foreground, as the user
 * running the tests.
 */
const BINARY = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
export const NGINX_TEMPLATE = resolve(import.meta.dirname, '../../../deploy/nginx.conf.template');

/** The response header naming the instance that answered (`127.0.0.1:<port>`), added for the tests only. */
export const UPSTREAM_HEADER = 'x-cityops-upstream';

/**
 * Whether the tests behind nginx can run. Without nginx they are skipped with the reason printed,
 * except under CI (`CI` set), where a missing nginx must not look green.
 */
export function nginxOrSkip(): boolean {
  if (spawnSync(BINARY, ['-v']).error === undefined) return true;
  const reason = 'nginx is not installed (scripts/ensure-deps.sh --system installs it)';
  if (process.env.CI) throw new Error(`${reason}: the tests behind nginx cannot run`);
  console.warn(`${reason}: the tests behind nginx are skipped`);
  return false;
}

/**
 * The template with its two blanks filled (outside its comments, which name them too): where nginx
 * listens, and one `server` line per instance.
 */
export function renderNginxSite(template: string, listen: string, instances: readonly number[]): string {
  const servers = instances.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`);
  const fill = (text: string, blank: string, value: string) =>
    text.replace(
      new RegExp(`^([^#\\n]*)\\{\\{${blank}\\}\\}`, 'm'),
      (_line, before: string) => before + value,
    );
  return fill(fill(template, 'LISTEN', listen), 'UPSTREAM_SERVERS', servers.join('\n    '));
}

export interface Nginx {
  url: string;
  /** Everything nginx wrote to its error log so far. */
  errors(): Promise<string>;
  close(): Promise<void>;
}

/** nginx on a free port, proxying to the instances on these loopback ports. */
export async function startNginx(instances: readonly number[]): Promise<Nginx> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'cityops-nginx-'));
  const site = renderNginxSite(await readFile(NGINX_TEMPLATE, 'utf8'), `127.0.0.1:${port}`, instances);
  // Which instance answered, so a test can tell that a request or socket reached the one it means.
  await writeFile(
    join(dir, 'cityops.conf'),
    site.replace(/(\n\s*listen [^;]+;)/, `$1\n    add_header ${UPSTREAM_HEADER} $upstream_addr always;`),
  );
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`)
    .join('\n');
  await writeFile(
    join(dir, 'nginx.conf'),
    `user ${userInfo().username};
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
${temp}
  include ${join(dir, 'cityops.conf')};
}
`,
  );
  const child: ChildProcess = spawn(
    BINARY,
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (stderr += chunk));
  const errors = async () => `${stderr}${await readFile(join(dir, 'error.log'), 'utf8').catch(() => '')}`;
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const why = await errors();
      await rm(dir, { recursive: true, force: true });
      throw new Error(`nginx did not listen on ${port}:\n${why}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    errors,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        // SIGTERM: nginx's fast stop (its graceful one waits for every open socket to end).
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
