import {
  PARAMETER_DEFAULTS,
  PARAMETER_GROUPS,
  PARAMETER_SCHEMAS,
  type ParameterGroup,
  type StoredParameters,
} from '@cityops/contract';
import type { Database } from '../../db/connection.js';
import { ReadCache } from '../../db/readCache.js';
import { savedGroups } from './repository.js';

/** The parameters in force, and which groups an administrator has saved (the others are defaults). */
export interface ParametersInForce {
  values: StoredParameters;
  saved: ReadonlySet<ParameterGroup>;
}

/** A stored group over its defaults; one that no longer fits its schema reads as the defaults. */
function parseGroup<G extends ParameterGroup>(group: G, stored: unknown, defaults: StoredParameters[G]) {
  const merged = stored !== null && typeof stored === 'object' ? { ...defaults, ...stored } : defaults;
  const parsed = PARAMETER_SCHEMAS[group].safeParse(merged);
  return parsed.success ? ({ ...defaults, ...parsed.data } as StoredParameters[G]) : null;
}

/**
 * The parameters, read once and kept until a save through this server forgets them (every signed-in
 * call reads the session's idle minutes, so they must not cost a query each). `ttlMs` bounds how long
 * another instance sharing the database serves the old values (PERMISSION_CACHE_SECONDS, like the
 * permissions); 0 reads them on every call.
 */
export class ParameterStore {
  private readonly cache: ReadCache<ParametersInForce>;

  constructor(
    private readonly db: Database,
    /** The values of groups nobody saved: the constants, with the server's configuration over them. */
    private readonly defaults: StoredParameters,
    ttlMs: number,
    clock?: () => number,
  ) {
    this.cache = new ReadCache(() => this.load(), ttlMs, clock);
  }

  read(): Promise<ParametersInForce> {
    return this.cache.get();
  }

  /** One group in force. */
  async get<G extends ParameterGroup>(group: G): Promise<StoredParameters[G]> {
    return (await this.read()).values[group];
  }

  /** A group was saved: the next call reads them afresh. */
  forget(): void {
    this.cache.forget();
  }

  private async load(): Promise<ParametersInForce> {
    const stored = await savedGroups(this.db);
    const values = { ...this.defaults };
    const saved = new Set<ParameterGroup>();
    for (const group of PARAMETER_GROUPS) {
      if (!(group in stored)) continue;
      const parsed = parseGroup(group, stored[group], this.defaults[group]);
      if (!parsed) continue;
      (values as Record<ParameterGroup, unknown>)[group] = parsed;
      saved.add(group);
    }
    return { values, saved };
  }
}

/** The defaults of a server: the constants, the session's idle minutes from SESSION_IDLE_MINUTES. */
export const serverDefaults = (idleMinutes: number): StoredParameters => ({
  ...PARAMETER_DEFAULTS,
  session: { idleMinutes },
});
