import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import type { LicenceKeeper } from '../modules/licence/state.js';

/** The login SM2 key pair (modules/auth/keys.ts). The private half never leaves the server. */
export interface LoginKeyPair {
  publicKey: string;
  privateKey: string;
}

/** What every module needs, decorated on the root Fastify instance as `app.cityops`. */
export interface AppContext {
  config: Config;
  db: Database;
  /** The clock; tests move it to expire sessions, captchas and locks. */
  now: () => Date;
  loginKeys: LoginKeyPair;
  /** Picks a captcha's characters; tests fix it so they can answer. */
  captchaText: () => string;
  /** The installed licence (modules/licence); every other /api call answers 10402 while it is not valid. */
  licence: LicenceKeeper;
}

declare module 'fastify' {
  interface FastifyInstance {
    cityops: AppContext;
  }
}
