import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Database, DatabaseHandle } from '../db/connection.js';
import type { resources } from '../db/schema.js';
import type { SecretBox } from '../db/secretBox.js';
import type { LicenceKeeper } from '../modules/licence/state.js';
import type { TemplateStore } from '../modules/messages/templates.js';
import type { ParameterStore } from '../modules/parameters/store.js';
import type { RouteCatalogue } from './catalogue.js';

/** The login SM2 key pair (modules/auth/keys.ts). The private half never leaves the server. */
export interface LoginKeyPair {
  publicKey: string;
  privateKey: string;
}

/** A live session, as the access checks find it (modules/auth/sessions.ts keeps them). */
export interface SessionInfo {
  id: number;
  userId: number;
  userName: string;
  expiresAt: Date;
  /** The password was set by an administrator: business calls wait until the user replaces it. */
  mustChangePassword: boolean;
}

/**
 * Who is calling and what they may do, for route() (http/route.ts): the http layer asks through this
 * rather than importing the auth and users modules, which build it (app.ts).
 */
type HeldResource = typeof resources.$inferSelect;

export interface AccessService {
  /** The caller's live session from its Access-Token, its idle expiry moved forward; null if none. */
  sessionOf(request: FastifyRequest): Promise<SessionInfo | null>;
  /** Whether the user holds the permission code; codes match ignoring case (spec §6). */
  holds(userId: number, code: string): Promise<boolean>;
  /** Every resource the user holds (roles' and public), parents before children. */
  resources(userId: number): Promise<readonly HeldResource[]>;
  /**
   * Users' roles, roles' permissions, the resources or the licence changed: what anyone holds is read
   * afresh here at once, and every instance is told (`access` on the event bus) which users' open
   * sessions should read it again: `userIds`, or anyone when null (the default).
   */
  changed(userIds?: readonly number[] | null): Promise<void>;
  /** Forgets what anyone holds on this instance only (a change that may have failed half-way). */
  forget(): void;
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
  access: AccessService;
  /** The system parameters in force (parameterManage): session, sign-in lock, password policy, map… */
  parameters: ParameterStore;
  /** The message templates in force (messageTemplate), kept for the cache period. */
  messageTemplates: TemplateStore;
  /** Seals and opens the secrets kept in the database (db/secretBox.ts). */
  secrets: SecretBox;
  /** NOTIFY on a channel, from any instance (modules/push/events.ts publishes, modules/push listens). */
  listen: DatabaseHandle['listen'];
  /** Every route registered, for the OpenAPI document (modules/system). */
  routes: RouteCatalogue;
}

declare module 'fastify' {
  interface FastifyInstance {
    cityops: AppContext;
  }
}
