import {
  MESSAGE_EVENT_KINDS,
  MESSAGE_EVENTS,
  MESSAGE_TEMPLATE_PAGE,
  StatusCode,
  unknownVariables,
  type MessageEventKind,
  type MessageTemplate,
} from '@cityops/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { ReadCache } from '../../db/readCache.js';
import { messageTemplates } from '../../db/schema.js';
import type { AppContext } from '../../http/context.js';
import { ApiError } from '../../http/envelope.js';
import { changedFields, recordAudit, type Actor } from '../logs/audit.js';

type TemplateRow = typeof messageTemplates.$inferSelect;
type Edited = ReadonlyMap<string, TemplateRow>;

/**
 * The templates in force: the edited ones are read once and kept for the cache period
 * (PERMISSION_CACHE_SECONDS), forgotten at once when they are edited through this instance. Another
 * instance sharing the database renders with the old text until its own period runs out.
 */
export class TemplateStore {
  private readonly cache: ReadCache<Edited>;

  constructor(db: Database, ttlMs: number) {
    this.cache = new ReadCache(
      async () => new Map((await db.select().from(messageTemplates)).map((row) => [row.eventKind, row])),
      ttlMs,
    );
  }

  edited(): Promise<Edited> {
    return this.cache.get();
  }

  /**
   * The title and content messages of `kind` are rendered with now, and whether an administrator
   * wrote them (in one language: such a message has no English rendering).
   */
  async inForce(kind: MessageEventKind): Promise<{ title: string; content: string; edited: boolean }> {
    const row = (await this.edited()).get(kind);
    return row
      ? { title: row.title, content: row.content, edited: true }
      : { title: MESSAGE_EVENTS[kind].title, content: MESSAGE_EVENTS[kind].content, edited: false };
  }

  forget(): void {
    this.cache.forget();
  }
}

type Ctx = Pick<AppContext, 'db' | 'now' | 'messageTemplates'>;

const asTemplate = (kind: MessageEventKind, row: TemplateRow | undefined): MessageTemplate => ({
  eventKind: kind,
  messageType: MESSAGE_EVENTS[kind].type,
  title: row?.title ?? MESSAGE_EVENTS[kind].title,
  content: row?.content ?? MESSAGE_EVENTS[kind].content,
  isDefault: row === undefined,
  updateTime: row ? row.updateTime.toISOString() : null,
  updatedBy: row ? row.updatedBy : null,
});

/** Every event's template in force, in the contract's order, optionally of one message type. */
export async function listTemplates(ctx: Ctx, messageType?: number): Promise<MessageTemplate[]> {
  const rows = new Map((await ctx.db.select().from(messageTemplates)).map((row) => [row.eventKind, row]));
  return MESSAGE_EVENT_KINDS.filter(
    (kind) => messageType === undefined || MESSAGE_EVENTS[kind].type === messageType,
  ).map((kind) => asTemplate(kind, rows.get(kind)));
}

async function templateRow(db: Database, kind: MessageEventKind) {
  const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.eventKind, kind));
  return row;
}

const LOGGED = ['title', 'content'] as const;

/** Saves an event's template; a variable its event does not supply is refused, naming it. */
export async function updateTemplate(
  ctx: Ctx,
  actor: Actor,
  input: { eventKind: MessageEventKind; title: string; content: string },
): Promise<MessageTemplate> {
  const { eventKind: kind, title, content } = input;
  const unknown = [...new Set([...unknownVariables(kind, title), ...unknownVariables(kind, content)])];
  if (unknown.length > 0) {
    throw new ApiError(StatusCode.REJECTED, 'messageTemplate.unknownVariable', { names: unknown.join('、') });
  }
  const now = ctx.now();
  const saved = await ctx.db.transaction(async (tx) => {
    const before = asTemplate(kind, await templateRow(tx, kind));
    const values = {
      eventKind: kind,
      title,
      content,
      updateTime: now,
      updatedBy: actor.account.slice(0, 50),
    };
    await tx
      .insert(messageTemplates)
      .values(values)
      .onConflictDoUpdate({ target: messageTemplates.eventKind, set: values });
    const after = asTemplate(kind, values);
    await recordAudit(tx, actor, now, {
      module: MESSAGE_TEMPLATE_PAGE,
      action: 'update',
      targetId: kind,
      targetName: kind,
      changes: changedFields(before, after, LOGGED),
    });
    return after;
  });
  ctx.messageTemplates.forget();
  return saved;
}

/** Puts an event's template back to the shipped text. */
export async function resetTemplate(
  ctx: Ctx,
  actor: Actor,
  kind: MessageEventKind,
): Promise<MessageTemplate> {
  const now = ctx.now();
  const shipped = asTemplate(kind, undefined);
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(messageTemplates)
      .where(eq(messageTemplates.eventKind, kind))
      .returning();
    await recordAudit(tx, actor, now, {
      module: MESSAGE_TEMPLATE_PAGE,
      action: 'reset',
      targetId: kind,
      targetName: kind,
      changes: changedFields(asTemplate(kind, removed), shipped, LOGGED),
    });
  });
  ctx.messageTemplates.forget();
  return shipped;
}
