import {
  maskSecret,
  PARAMETER_MANAGE,
  SECRET_MASK,
  StatusCode,
  type ParameterGroup,
  type SystemParameters,
  type StoredParameters,
  type UpdateParameters,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../http/context.js';
import { ApiError } from '../../http/envelope.js';
import { applyIdleMinutes } from '../auth/sessions.js';
import { changedFields, recordAudit, type Actor } from '../logs/audit.js';
import type { FieldChange } from '../logs/tables.js';
import { mapParametersOf, pageSettingsInForce } from './pageSettings.js';
import { saveGroup } from './repository.js';

type Ctx = Pick<AppContext, 'config' | 'db' | 'now' | 'parameters'>;

/** The map's secrets: answered masked, never logged, kept when a save leaves them out. */
const SECRETS = ['amapKey', 'amapSecurityCode'] as const;

/** Every group in force, secrets in the clear (for the server's own use). */
async function inForce(ctx: Ctx, log: FastifyBaseLogger): Promise<StoredParameters> {
  const [{ values }, settings] = await Promise.all([ctx.parameters.read(), pageSettingsInForce(ctx, log)]);
  return { ...values, tabs: { maxTabs: settings.maxTabs }, map: mapParametersOf(settings.map) };
}

const masked = (values: StoredParameters): SystemParameters => ({
  ...values,
  map: {
    ...values.map,
    amapKey: maskSecret(values.map.amapKey),
    amapSecurityCode: maskSecret(values.map.amapSecurityCode),
  },
});

/** What the page reads: the values in force (page-settings.json's for groups nobody saved). */
export async function listParameters(ctx: Ctx, log: FastifyBaseLogger): Promise<SystemParameters> {
  return masked(await inForce(ctx, log));
}

/** A secret left out, or sent back masked, keeps the one in force. */
const keep = (given: string | undefined, current: string) =>
  given === undefined || given === SECRET_MASK ? current : given;

/** The operation log's changes: plain fields as they were and are, secrets only as "set" or not. */
function changesOf(group: ParameterGroup, before: object, after: object): FieldChange[] {
  const record = (values: object) => values as Record<string, unknown>;
  const plain = Object.keys(after).filter((field) => !(SECRETS as readonly string[]).includes(field));
  const changes = changedFields(record(before), record(after), plain);
  if (group !== 'map') return changes;
  for (const field of SECRETS) {
    const [was, is] = [String(record(before)[field] ?? ''), String(record(after)[field] ?? '')];
    if (was !== is) changes.push({ field, before: maskSecret(was), after: maskSecret(is) });
  }
  return changes;
}

/**
 * Saves one group, in one transaction with its operation-log row; the next request uses the new
 * values (this server forgets its copy; new idle minutes re-time the open sessions at once).
 */
export async function saveParameters(
  ctx: Ctx,
  actor: Actor,
  body: UpdateParameters,
  log: FastifyBaseLogger,
): Promise<SystemParameters> {
  const current = await inForce(ctx, log);
  const { group, ...given } = body;
  const before: object = current[group];
  let after: object = given;
  if (body.group === 'map') {
    const { group: _, ...map } = body;
    const values = {
      ...map,
      amapKey: keep(map.amapKey, current.map.amapKey),
      amapSecurityCode: keep(map.amapSecurityCode, current.map.amapSecurityCode),
    };
    if (values.provider === 'amap' && values.amapKey === '')
      throw new ApiError(StatusCode.REJECTED, 'parameter.amapKeyRequired');
    after = values;
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await saveGroup(tx, group, after, now);
    if (body.group === 'session')
      await applyIdleMinutes(tx, ctx.config.SESSION_MAX_AGE_HOURS, body.idleMinutes, now);
    await recordAudit(tx, actor, now, {
      module: PARAMETER_MANAGE,
      action: 'update',
      targetId: group,
      targetName: group,
      changes: changesOf(group, before, after),
    });
  });
  ctx.parameters.forget();
  return listParameters(ctx, log);
}
