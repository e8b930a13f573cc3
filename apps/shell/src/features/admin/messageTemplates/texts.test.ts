import { describe, expect, it } from 'vitest';
import { MESSAGE_EVENT_KINDS, MESSAGE_EVENTS } from '@cityops/contract';
import { eventKey, templateTexts, variableKey } from './texts';

describe('message template texts', () => {
  it('name every event of the contract and every variable its templates use, in both languages', () => {
    const names = MESSAGE_EVENT_KINDS.flatMap((kind) => [
      eventKey(kind),
      ...Object.keys(MESSAGE_EVENTS[kind].variables).map(variableKey),
    ]);
    for (const bundle of Object.values(templateTexts.bundles))
      expect(names.filter((key) => !(key in bundle))).toEqual([]);
  });
});
