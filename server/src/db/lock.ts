import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/*
 * The embedded database is one process's: PGlite has no lock of its own, and two processes on one
 * folder corrupt it. A lock file beside the folder holds its owner's pid; a lock whose pid is gone
 * (the owner was killed) is stale and taken over. PostgreSQL needs none of this.
 */

export class FolderLockedError extends Error {
  override name = 'FolderLockedError';
}

export interface FolderLock {
  /** Removes the lock file if it is still ours. Also done when the process exits. */
  release(): void;
}

const ownerOf = (file: string): number | null => {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `file` for this process or throws a FolderLockedError naming the process that holds it.
 * `what` names the locked thing in that message.
 */
export function lockFolder(file: string, what: string): FolderLock {
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        // A hard link appears with its content at once, or not at all: no half-written lock.
        linkSync(mine, file);
        const release = () => {
          process.off('exit', release);
          if (ownerOf(file) === process.pid) rmSync(file, { force: true });
        };
        process.on('exit', release);
        return { release };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = ownerOf(file);
      // Our own pid is an earlier life of this process number (a container's pid 1), not a rival.
      if (owner !== null && owner !== process.pid && alive(owner))
        throw new FolderLockedError(
          `${what} is in use by another CityOps process (pid ${owner}); stop it first or choose another DATA_DIR` +
            ` (if no CityOps is running, delete ${file})`,
        );
      rmSync(file, { force: true });
    }
    throw new FolderLockedError(`${what} could not be locked (${file})`);
  } finally {
    rmSync(mine, { force: true });
  }
}
