import { z } from 'zod';
import { TEXT_MAX } from '../fieldRules.js';
import { idSchema } from '../admin/paging.js';
import { DEVICE_TYPE_CODES } from './types.js';
import { NAME_EN_MAX } from '../names.js';

/**
 * The thing model: a product is a kind of device; its functions are the properties it
 * reports, the services it can be asked to run and the events it raises, each with typed values.
 * Telemetry is checked against it by `checkValue`, on the server at ingestion and in the browser's
 * command forms, so both refuse the same values for the same reason.
 */

/** §5: at most 50 product parameters and 100 function parameters. */
export const PRODUCT_PARAMS_MAX = 50;
export const FUNCTION_PARAMS_MAX = 100;

/** An identifier as devices write it in payloads: a letter, then letters, digits or underscores. */
export const identifierSchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'thing.identifier');

export const DATA_TYPES = ['int', 'float', 'bool', 'enum', 'text'] as const;
export type DataType = (typeof DATA_TYPES)[number];

const finite = z.number().finite();

/** The type of one value: a number range with a unit, a two-way switch, a list of choices, or text. */
export const valueSpecSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.enum(['int', 'float']),
      min: finite,
      max: finite,
      unit: z.string().trim().max(20).default(''),
    })
    .strict()
    .refine((spec) => spec.min <= spec.max, { message: 'thing.rangeOrder', path: ['max'] }),
  z
    .object({
      type: z.literal('bool'),
      trueLabel: z.string().trim().max(20).default(''),
      falseLabel: z.string().trim().max(20).default(''),
    })
    .strict(),
  z
    .object({
      type: z.literal('enum'),
      values: z
        .array(z.object({ value: z.number().int(), label: z.string().trim().min(1).max(30) }).strict())
        .min(1)
        .max(FUNCTION_PARAMS_MAX),
    })
    .strict(),
  z.object({ type: z.literal('text'), maxLength: z.number().int().min(1).max(TEXT_MAX.largeText) }).strict(),
]);
export type ValueSpec = z.output<typeof valueSpecSchema>;

/** One parameter of a service or event: an identifier, a name and its value's type. */
export const paramSpecSchema = z
  .object({ identifier: identifierSchema, name: z.string().trim().min(1).max(30), spec: valueSpecSchema })
  .strict();
export type ParamSpec = z.output<typeof paramSpecSchema>;

/**
 * Why a value does not fit its type, as a text key of the contract (`thing.*`), or null when it fits.
 * Numbers must be finite and within range (integers whole), enums one of the choices, text not too long.
 */
export function checkValue(spec: ValueSpec, value: unknown): string | null {
  switch (spec.type) {
    case 'int':
    case 'float':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'thing.notNumber';
      if (spec.type === 'int' && !Number.isInteger(value)) return 'thing.notInteger';
      return value < spec.min || value > spec.max ? 'thing.outOfRange' : null;
    case 'bool':
      return typeof value === 'boolean' ? null : 'thing.notBoolean';
    case 'enum':
      return spec.values.some((choice) => choice.value === value) ? null : 'thing.notChoice';
    case 'text':
      if (typeof value !== 'string') return 'thing.notText';
      return value.length > spec.maxLength ? 'thing.tooLong' : null;
  }
}

/** Checks a service's or event's parameters: every declared one present and fitting, nothing else. */
export function checkParams(
  specs: readonly ParamSpec[],
  values: Record<string, unknown>,
): { identifier: string; reason: string } | null {
  for (const param of specs) {
    const reason = checkValue(param.spec, values[param.identifier]);
    if (reason) return { identifier: param.identifier, reason };
  }
  const unknown = Object.keys(values).find((key) => !specs.some((param) => param.identifier === key));
  return unknown === undefined ? null : { identifier: unknown, reason: 'thing.unknownParam' };
}

export const FUNCTION_KINDS = ['property', 'service', 'event'] as const;
export type FunctionKind = (typeof FUNCTION_KINDS)[number];

/** Event levels: §4's alarm levels. */
export const EVENT_LEVELS = ['error', 'common', 'tips'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

/**
 * The optional English name of a function or product, shown in the English interface (givenName);
 * functions stored before it have none, so it stays optional rather than defaulted.
 */
const englishName = z.string().trim().max(NAME_EN_MAX).optional();

/** A product's function: a property (one value, read-only or writable), a service, or an event. */
export const functionFieldsSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('property'),
      identifier: identifierSchema,
      name: z.string().trim().min(1).max(30),
      nameEn: englishName,
      spec: valueSpecSchema,
      writable: z.boolean().default(false),
      description: z.string().trim().max(200).default(''),
    })
    .strict(),
  z
    .object({
      kind: z.literal('service'),
      identifier: identifierSchema,
      name: z.string().trim().min(1).max(30),
      nameEn: englishName,
      params: z.array(paramSpecSchema).max(FUNCTION_PARAMS_MAX, 'thing.tooManyParams').default([]),
      description: z.string().trim().max(200).default(''),
    })
    .strict(),
  z
    .object({
      kind: z.literal('event'),
      identifier: identifierSchema,
      name: z.string().trim().min(1).max(30),
      nameEn: englishName,
      level: z.enum(EVENT_LEVELS),
      params: z.array(paramSpecSchema).max(FUNCTION_PARAMS_MAX, 'thing.tooManyParams').default([]),
      description: z.string().trim().max(200).default(''),
    })
    .strict(),
]);
export type FunctionFields = z.output<typeof functionFieldsSchema>;

export const productKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, 'thing.productKey');

/** A product parameter: a fixed attribute of every device of the product (vendor, model, power...). */
export const productParamSchema = z
  .object({
    key: identifierSchema,
    name: z.string().trim().min(1).max(30),
    value: z.string().trim().max(200).default(''),
  })
  .strict();

export const productFieldsShape = {
  productKey: productKeySchema,
  name: z.string().trim().min(1).max(30),
  nameEn: z.string().trim().max(NAME_EN_MAX).default(''),
  typeCode: z.enum(DEVICE_TYPE_CODES),
  vendor: z.string().trim().max(50).default(''),
  model: z.string().trim().max(50).default(''),
  description: z.string().trim().max(200).default(''),
  params: z.array(productParamSchema).max(PRODUCT_PARAMS_MAX, 'thing.tooManyProductParams').default([]),
  /** Seconds without a message after which a device of the product counts as offline. */
  offlineAfterSeconds: z.number().int().min(10).max(86_400).default(300),
};

export const functionRowSchema = z.intersection(
  z.object({ functionId: z.number().int(), productId: z.number().int() }),
  functionFieldsSchema,
);
export type FunctionRow = z.output<typeof functionRowSchema>;

export const productRowSchema = z.object({
  productId: z.number().int(),
  productKey: z.string(),
  name: z.string(),
  /** The English name; '' when it has only `name`. */
  nameEn: z.string(),
  typeCode: z.enum(DEVICE_TYPE_CODES),
  vendor: z.string(),
  model: z.string(),
  description: z.string(),
  params: z.array(z.object({ key: z.string(), name: z.string(), value: z.string() })),
  offlineAfterSeconds: z.number().int(),
  deviceCount: z.number().int(),
  functionCount: z.number().int(),
  editor: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductRow = z.output<typeof productRowSchema>;

/** A product with its whole model, as devices and pages read it. */
export const thingModelSchema = z.object({
  product: productRowSchema,
  functions: z.array(functionRowSchema),
});
export type ThingModel = z.output<typeof thingModelSchema>;

export const productIdParams = z.object({ productId: idSchema }).strict();
