import { STORAGE_DICT_LIST, type AllDictionaries } from '@cityops/contract';
import { describe, expect, it, vi } from 'vitest';
import { itemNameOf, loadDictionaries, readDictList } from './dictionaries.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

const levels = { alarm_level: [{ itemCode: 'error', itemName: '重要' }] };
const httpAnswering = (answer: AllDictionaries) => ({ call: vi.fn().mockResolvedValue(answer) });

describe('loadDictionaries', () => {
  it('downloads without a stored list and keeps the answer with its version in dictList', async () => {
    const storage = memoryStorage();
    const http = httpAnswering({ version: 'v1', dictionaries: levels });
    expect(await loadDictionaries(http, storage)).toEqual(levels);
    expect(http.call.mock.calls[0]?.[1]).toMatchObject({ query: {} });
    expect(JSON.parse(storage.values.get(STORAGE_DICT_LIST) ?? '')).toEqual({
      version: 'v1',
      dictionaries: levels,
    });
  });

  it('sends the stored version and uses the stored list when the server says it is current', async () => {
    const storage = memoryStorage({
      [STORAGE_DICT_LIST]: JSON.stringify({ version: 'v1', dictionaries: levels }),
    });
    const http = httpAnswering({ version: 'v1', dictionaries: null });
    expect(await loadDictionaries(http, storage)).toEqual(levels);
    expect(http.call.mock.calls[0]?.[1]).toMatchObject({ query: { version: 'v1' } });
  });

  it('replaces a stale stored list', async () => {
    const storage = memoryStorage({
      [STORAGE_DICT_LIST]: JSON.stringify({ version: 'v1', dictionaries: levels }),
    });
    const fresh = { alarm_level: [{ itemCode: 'tips', itemName: '提示' }] };
    expect(await loadDictionaries(httpAnswering({ version: 'v2', dictionaries: fresh }), storage)).toEqual(
      fresh,
    );
    expect(readDictList(storage)).toEqual({ version: 'v2', dictionaries: fresh });
  });

  it('ignores a stored value that is not a dictionary list', () => {
    expect(readDictList(memoryStorage({ [STORAGE_DICT_LIST]: '[1,2' }))).toBeNull();
    expect(readDictList(memoryStorage({ [STORAGE_DICT_LIST]: '{"list":[]}' }))).toBeNull();
  });
});

describe('itemNameOf', () => {
  it('names a code, or answers the code when the dictionary lacks it', () => {
    expect(itemNameOf(levels.alarm_level, 'error')).toBe('重要');
    expect(itemNameOf(levels.alarm_level, 'gone')).toBe('gone');
    expect(itemNameOf(undefined, 'x')).toBe('x');
  });
});
