import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { moment } from '../../db/columns.js';
import { projects } from '../projects/tables.js';
import { users } from '../users/tables.js';

/**
 * One event's message (platform-shell.md §3 Message), rendered once through the template in force
 * for its kind; each user it concerns has a row of `messages` with a read status of their own.
 */
export const messageEvents = pgTable(
  'message_events',
  {
    id: serial('id').primaryKey(),
    /** The contract's MESSAGE_EVENTS key (`alarm.raised`…); `legacy` for messages older than events. */
    eventKind: varchar('event_kind', { length: 64 }).notNull(),
    messageType: smallint('message_type').notNull(),
    /** The project it concerns; null for the platform's own (licence, accounts, video platforms). */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
    /**
     * The same in English, rendered from the shipped English template; null for events stored before
     * both languages and for those rendered through an edited template (written in one language).
     */
    titleEn: varchar('title_en', { length: 200 }),
    contentEn: varchar('content_en', { length: 2000 }),
    /** The page it opens when not its type's page. */
    link: varchar('link', { length: 500 }),
    createTime: moment('create_time').notNull(),
    notifyTime: moment('notify_time'),
  },
  (t) => [
    index('message_events_project_idx').on(t.projectId),
    check('message_events_type_check', sql`${t.messageType} between 1 and 9`),
  ],
);

/**
 * The message centre's rows: one per recipient of an event (its id is the API's Message.id, what
 * recordDeal marks). Type and time are the event's, kept here too so a user's page, its filters and
 * the unread count read this table's indexes alone.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => messageEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageType: smallint('message_type').notNull(),
    createTime: moment('create_time').notNull(),
    readStatus: boolean('read_status').notNull().default(false),
    readTime: moment('read_time'),
  },
  (t) => [
    // A user's page, newest first (scanned backwards), with its type, read and time filters.
    index('messages_user_time_idx').on(t.userId, t.createTime, t.id),
    // The unread count (the dot, every push) and the unread page of a socket that just signed in.
    index('messages_user_unread_idx')
      .on(t.userId, t.createTime)
      .where(sql`${t.readStatus} = false`),
    // One row per user and event; the push layer reads an event's rows for its connected users.
    uniqueIndex('messages_event_user_key').on(t.eventId, t.userId),
    check('messages_type_check', sql`${t.messageType} between 1 and 9`),
  ],
);

/** An edited template (messageTemplate); an event kind without a row uses the contract's shipped text. */
export const messageTemplates = pgTable('message_templates', {
  eventKind: varchar('event_kind', { length: 64 }).primaryKey(),
  title: varchar('title', { length: 50 }).notNull(),
  content: varchar('content', { length: 500 }).notNull(),
  updateTime: moment('update_time').notNull(),
  updatedBy: varchar('updated_by', { length: 50 }).notNull().default(''),
});

/**
 * What the producers that watch a state have already said, so two instances (or a restart) never say
 * it twice: a row per key, inserted by whichever instance is first (`insert … on conflict do nothing`).
 * Keys: `licence.expiring:<expiry>:<days>`, `video.platformDown:<platform>` (removed when it answers).
 */
export const messageTriggers = pgTable('message_triggers', {
  key: varchar('key', { length: 200 }).primaryKey(),
  firedAt: moment('fired_at').notNull(),
});
