import {
  functionFieldsSchema,
  RULE_OPERATORS,
  type EventLevel,
  type ParamSpec,
  type RuleOperator,
  type ValueSpec,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connection.js';
import type { EngineRule } from '../alarms/evaluate.js';
import * as repo from './repository.js';

/** A product's thing model as ingestion and commands use it. */
export interface ProductModel {
  productId: number;
  typeCode: string;
  offlineAfterSeconds: number;
  properties: Map<string, { name: string; spec: ValueSpec }>;
  services: Map<string, { name: string; params: ParamSpec[] }>;
  events: Map<string, { name: string; nameEn: string; level: EventLevel; params: ParamSpec[] }>;
  rules: AlarmRule[];
}

/** A product's enabled alarm rule, as the engine evaluates it (modules/alarms/evaluate.ts). */
export type AlarmRule = EngineRule;

const isOperator = (value: string): value is RuleOperator =>
  (RULE_OPERATORS as readonly string[]).includes(value);
const isLevel = (value: string): value is EventLevel => ['error', 'common', 'tips'].includes(value);

/** Reads one product's model; functions whose stored definition no longer parses are left out (logged). */
export async function loadModel(db: Database, productId: number, log: FastifyBaseLogger) {
  const rows = await repo.productModelRows(db, productId);
  if (!rows) return null;
  const model: ProductModel = {
    productId,
    typeCode: rows.product.typeCode,
    offlineAfterSeconds: rows.product.offlineAfterSeconds,
    properties: new Map(),
    services: new Map(),
    events: new Map(),
    rules: [],
  };
  for (const row of rows.functions) {
    const parsed = functionFieldsSchema.safeParse({
      ...row.definition,
      kind: row.kind,
      identifier: row.identifier,
      name: row.name,
    });
    if (!parsed.success) {
      log.warn({ productId, identifier: row.identifier }, 'iot: a function definition does not parse');
      continue;
    }
    const fn = parsed.data;
    if (fn.kind === 'property') model.properties.set(fn.identifier, { name: fn.name, spec: fn.spec });
    else if (fn.kind === 'service') model.services.set(fn.identifier, { name: fn.name, params: fn.params });
    else
      model.events.set(fn.identifier, {
        name: fn.name,
        nameEn: fn.nameEn ?? '',
        level: fn.level,
        params: fn.params,
      });
  }
  for (const rule of rows.rules) {
    if (!isOperator(rule.operator) || !isLevel(rule.level)) continue;
    // The columns hold only what the contract's rule schema let in.
    model.rules.push({
      ...rule,
      mode: rule.mode as EngineRule['mode'],
      operator: rule.operator,
      clearOperator: rule.clearOperator as EngineRule['clearOperator'],
      level: rule.level,
      autoHandle: rule.autoHandle as EngineRule['autoHandle'],
      repeatFrequency: rule.repeatFrequency as EngineRule['repeatFrequency'],
    });
  }
  return model;
}

/** A read-through cache with an age limit, emptied per key on demand (the bus says what changed). */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; at: number }>();

  constructor(
    private readonly load: (key: K) => Promise<V>,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: K): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && this.clock() - entry.at < this.ttlMs) return entry.value;
    const value = this.load(key);
    this.entries.set(key, { value, at: this.clock() });
    // A failed read is not kept.
    value.catch(() => this.entries.delete(key));
    return value;
  }

  forget(keys?: Iterable<K>): void {
    if (!keys) return this.entries.clear();
    for (const key of keys) this.entries.delete(key);
  }
}
