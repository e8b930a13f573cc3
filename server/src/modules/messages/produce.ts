import {
  MESSAGE_EVENTS,
  MESSAGE_EVENTS_EN,
  MESSAGE_TYPES,
  renderTemplate,
  valuesIn,
  type MessageEventKind,
  type MessageValue,
} from '@cityops/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { messageEvents, messages, users } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';
import { codeWithinLicence } from '../licence/scope.js';
import { publish } from '../push/events.js';
import { recipientCondition, type Audience, type RecipientRule } from './recipients.js';

export type { Audience };

/** What a producer says happened. */
export interface ProduceInput {
  kind: MessageEventKind;
  /**
   * The template's variables (MESSAGE_EVENTS[kind].variables); a missing one stays as `{name}`. Text
   * is data, the same in both languages; a names pair is read in each language's rendering.
   */
  values: Readonly<Record<string, MessageValue>>;
  /** The project it concerns: only its members get it. None for the platform's own. */
  projectId?: number | null;
  /** Default: the holders of the type's page code (MESSAGE_TYPES[type].page). */
  audience?: Audience;
  /** The page it opens, when not its type's. */
  link?: string | null;
}

/** One rendered event, ready to store. */
export interface RenderedEvent {
  kind: string;
  messageType: number;
  projectId: number | null;
  title: string;
  content: string;
  /** The English rendering; none when the template in force is written in one language only. */
  english?: { title: string; content: string } | null;
  link: string | null;
  time: Date;
}

export type ProduceContext = Pick<AppContext, 'now' | 'licence' | 'messageTemplates'>;

const TITLE_MAX = 200;
const CONTENT_MAX = 2000;

/**
 * Stores an event and a row for each of its recipients (recipients.ts) in one statement: nothing at
 * all when nobody is a recipient. Answers the event's id and how many got it, or null.
 */
export async function storeEvent(
  db: Database,
  event: RenderedEvent,
  rule: RecipientRule,
): Promise<{ eventId: number; recipients: number } | null> {
  const time = event.time.toISOString();
  const { english } = event;
  const result = await db.execute<{ event_id: number | null; recipients: number }>(sql`
    with recipient as (
      select ${users.id} as user_id from ${users} where ${recipientCondition(rule)}
    ), event as (
      insert into ${messageEvents} (event_kind, message_type, project_id, title, content, title_en, content_en, link, create_time, notify_time)
      select ${event.kind}::varchar, ${event.messageType}::smallint, ${event.projectId}::integer,
        ${event.title.slice(0, TITLE_MAX)}::varchar, ${event.content.slice(0, CONTENT_MAX)}::varchar,
        ${english?.title.slice(0, TITLE_MAX) ?? null}::varchar, ${english?.content.slice(0, CONTENT_MAX) ?? null}::varchar,
        ${event.link}::varchar, ${time}::timestamptz, ${time}::timestamptz
      where exists (select 1 from recipient)
      returning id
    ), delivered as (
      insert into ${messages} (event_id, user_id, message_type, create_time)
      select event.id, recipient.user_id, ${event.messageType}::smallint, ${time}::timestamptz
      from event cross join recipient
      returning 1
    )
    select (select id from event) as event_id, (select count(*) from delivered)::integer as recipients`);
  const row = rowsOf<{ event_id: number | null; recipients: number }>(result)[0];
  if (!row || row.event_id === null) return null;
  return { eventId: Number(row.event_id), recipients: Number(row.recipients) };
}

/** Results of `db.execute`: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * What every producer calls: renders the template in force for `kind` with `values`, stores the event
 * with a row for each recipient and publishes `{ k: 'message', eventId }` in the same transaction, so
 * every instance's sockets hear of it once it is committed. No recipient: nothing is stored or
 * published, and null is answered.
 *
 * Call it with the database, not inside another transaction: the template and the licence in force
 * are read through the app's caches, on their own connection (which PGlite, with one, cannot lend
 * while a transaction holds it). Producers call it right after their own change commits.
 */
export async function produceMessage(
  db: Database,
  ctx: ProduceContext,
  input: ProduceInput,
): Promise<{ eventId: number; recipients: number } | null> {
  const event = MESSAGE_EVENTS[input.kind];
  const audience = input.audience ?? { code: MESSAGE_TYPES[event.type].page };
  // A page of a system the licence does not open is held by nobody.
  if ('code' in audience && !(await codeWithinLicence(db, audience.code, await ctx.licence.modules()))) {
    return null;
  }
  const template = await ctx.messageTemplates.inForce(input.kind);
  const chinese = valuesIn(input.values, 'zh-CN');
  const english = valuesIn(input.values, 'en-US');
  const shippedEnglish = template.edited ? null : MESSAGE_EVENTS_EN[input.kind];
  const rendered: RenderedEvent = {
    kind: input.kind,
    messageType: event.type,
    projectId: input.projectId ?? null,
    title: renderTemplate(template.title, chinese),
    content: renderTemplate(template.content, chinese),
    english: shippedEnglish && {
      title: renderTemplate(shippedEnglish.title, english),
      content: renderTemplate(shippedEnglish.content, english),
    },
    link: input.link ?? null,
    time: ctx.now(),
  };
  return db.transaction(async (tx) => {
    const stored = await storeEvent(tx, rendered, { audience, projectId: rendered.projectId });
    if (stored) await publish(tx, { k: 'message', eventId: stored.eventId });
    return stored;
  });
}
