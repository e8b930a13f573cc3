import { z } from 'zod';
import { defineEndpoint, getQuery, noQuery, permission } from '../endpoint.js';
import { postBody } from '../admin/endpointKit.js';
import { idFilter, idSchema } from '../admin/paging.js';
import { identifierSchema } from '../devices/thingModel.js';
import { NAME_EN_MAX } from '../names.js';
import {
  ALARM_KINDS,
  ALARM_LEVELS,
  AUTO_HANDLE_OPTIONS,
  REPEAT_FREQUENCY_OPTIONS,
  type AlarmKind,
} from './states.js';

/**
 * Alarm rules per product, edited on modelSetting. A rule watches one function of the
 * product's thing model and raises an alarm (or, for trend rules, an early warning) of its level:
 *
 * - `threshold`: a property's value meets `operator threshold`;
 * - `event`: the device reports the event `identifier` (well-lid tilt, water immersion, ...);
 * - `offline`: the device stops talking (`identifier` is ignored, kept as `online`);
 * - `rise`: a property rises by at least `threshold` within `windowSeconds` (early warning);
 * - `predict`: at its current rate a property will meet `operator threshold` within `windowSeconds`
 *   (early warning).
 *
 * The create condition must hold for `durationSeconds` and `repeatCount` reports in a row before the
 * alarm opens; an event rule opens it when the event came `repeatCount` times within
 * `durationSeconds` (0: since the last clearing event). It clears when the clear condition holds (`clearOperator clearThreshold`), or, when
 * none is set, as soon as the create condition no longer holds (events clear by the event
 * `clearIdentifier` when one is set, else only by hand; offline clears when the device is back).
 * A rule with a `schedule` raises only within it (China time); outside it reports are ignored.
 */

export const RULE_OPERATORS = ['>', '>=', '<', '<=', '==', '!='] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

export const RULE_MODES = ['threshold', 'event', 'offline', 'rise', 'predict'] as const;
export type RuleMode = (typeof RULE_MODES)[number];
/** The modes that raise early warnings rather than alarms. */
export const TREND_RULE_MODES = ['rise', 'predict'] as const satisfies readonly RuleMode[];
export const kindOfMode = (mode: RuleMode): AlarmKind =>
  (TREND_RULE_MODES as readonly RuleMode[]).includes(mode) ? 'warning' : 'alarm';

/** The pseudo-identifier of offline rules. */
export const OFFLINE_IDENTIFIER = 'online';

/** Whether a numeric value meets `operator threshold`. */
export function conditionHolds(operator: RuleOperator, threshold: number, value: number): boolean {
  switch (operator) {
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
    case '==':
      return value === threshold;
    case '!=':
      return value !== threshold;
  }
}

/** `HH:mm`, 00:00-23:59. */
const clockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/u, 'alarmRule.clock');

/** When a rule raises: days of the week (1 Monday … 7 Sunday) and a time of day; `to` before `from` spans midnight. */
export const ruleScheduleSchema = z
  .object({
    days: z.array(z.number().int().min(1).max(7)).min(1, 'alarmRule.days').max(7),
    from: clockTime,
    to: clockTime,
  })
  .strict()
  .refine((schedule) => schedule.from !== schedule.to, { message: 'alarmRule.emptySpan', path: ['to'] });
export type RuleSchedule = z.output<typeof ruleScheduleSchema>;

/** Longest duration, trend window or repeat count a rule may name. */
export const RULE_DURATION_MAX_SECONDS = 86_400;
export const RULE_REPEAT_COUNT_MAX = 100;

export const ruleFieldsShape = {
  productId: idSchema,
  name: z.string().trim().min(1).max(30),
  /** The English name (its alarms' English title); '' when it has only `name`. */
  nameEn: z.string().trim().max(NAME_EN_MAX).default(''),
  mode: z.enum(RULE_MODES).default('threshold'),
  identifier: identifierSchema,
  operator: z.enum(RULE_OPERATORS).default('>'),
  threshold: z.number().finite().default(0),
  /** rise: the window the rise is measured over; predict: how far ahead the trend is projected. */
  windowSeconds: z.number().int().min(60).max(RULE_DURATION_MAX_SECONDS).nullable().default(null),
  clearOperator: z.enum(RULE_OPERATORS).nullable().default(null),
  clearThreshold: z.number().finite().nullable().default(null),
  /** event rules: the event that clears the alarm (a lid closed again); '' for none. */
  clearIdentifier: z.union([identifierSchema, z.literal('')]).default(''),
  durationSeconds: z.number().int().min(0).max(RULE_DURATION_MAX_SECONDS).default(0),
  repeatCount: z.number().int().min(1).max(RULE_REPEAT_COUNT_MAX).default(1),
  level: z.enum(ALARM_LEVELS),
  autoHandle: z.enum(AUTO_HANDLE_OPTIONS).default('waiting'),
  /** §9 repeat frequency while the alarm stays waiting; null: pushed once. */
  repeatFrequency: z.enum(REPEAT_FREQUENCY_OPTIONS).nullable().default(null),
  schedule: ruleScheduleSchema.nullable().default(null),
  enabled: z.boolean().default(true),
};

type RuleFields = z.output<z.ZodObject<typeof ruleFieldsShape>>;

/** The rules that tie fields together, with a specific message for each. */
function checkRule(rule: RuleFields, ctx: z.RefinementCtx) {
  if ((rule.clearOperator === null) !== (rule.clearThreshold === null))
    ctx.addIssue({ code: 'custom', message: 'alarmRule.clearPair', path: ['clearThreshold'] });
  const trend = kindOfMode(rule.mode) === 'warning';
  if (trend && rule.windowSeconds === null)
    ctx.addIssue({ code: 'custom', message: 'alarmRule.window', path: ['windowSeconds'] });
  if (rule.mode === 'rise' && rule.threshold <= 0)
    ctx.addIssue({ code: 'custom', message: 'alarmRule.rise', path: ['threshold'] });
  if ((rule.mode === 'event' || rule.mode === 'offline') && rule.clearOperator !== null)
    ctx.addIssue({ code: 'custom', message: 'alarmRule.clearForValues', path: ['clearOperator'] });
  if (rule.mode !== 'event' && rule.clearIdentifier !== '')
    ctx.addIssue({ code: 'custom', message: 'alarmRule.clearEventOnly', path: ['clearIdentifier'] });
}

export const createRuleSchema = z.object(ruleFieldsShape).strict().superRefine(checkRule);
export type CreateRule = z.input<typeof createRuleSchema>;
export const updateRuleSchema = z
  .object({ ruleId: idSchema, ...ruleFieldsShape })
  .strict()
  .superRefine(checkRule);
export type UpdateRule = z.input<typeof updateRuleSchema>;

export const ruleRowSchema = z.object({
  ruleId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  productNameEn: z.string(),
  name: z.string(),
  nameEn: z.string(),
  kind: z.enum(ALARM_KINDS),
  mode: z.enum(RULE_MODES),
  identifier: z.string(),
  operator: z.enum(RULE_OPERATORS),
  threshold: z.number(),
  windowSeconds: z.number().int().nullable(),
  clearOperator: z.enum(RULE_OPERATORS).nullable(),
  clearThreshold: z.number().nullable(),
  clearIdentifier: z.string(),
  durationSeconds: z.number().int(),
  repeatCount: z.number().int(),
  level: z.enum(ALARM_LEVELS),
  autoHandle: z.enum(AUTO_HANDLE_OPTIONS),
  repeatFrequency: z.enum(REPEAT_FREQUENCY_OPTIONS).nullable(),
  schedule: ruleScheduleSchema.nullable(),
  enabled: z.boolean(),
});
export type RuleRow = z.output<typeof ruleRowSchema>;

export const alarmRuleEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/iot/rule/list',
    access: permission('modelSetting'),
    query: getQuery({ productId: idFilter }),
    body: z.undefined(),
    data: z.array(ruleRowSchema),
  }),
  create: postBody('/iot/rule/insert', 'modelSetting_edit', createRuleSchema, ruleRowSchema),
  update: postBody('/iot/rule/update', 'modelSetting_edit', updateRuleSchema, ruleRowSchema),
  delete: defineEndpoint({
    method: 'POST',
    path: '/iot/rule/delete/:id',
    params: z.object({ id: idSchema }).strict(),
    access: permission('modelSetting_edit'),
    query: noQuery,
    body: z.object({}).strict().optional(),
    data: z.null(),
  }),
} as const;
