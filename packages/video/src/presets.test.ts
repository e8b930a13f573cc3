import { describe, expect, it } from 'vitest';
import { presetRows } from './presets.js';

const name = (n: number) => `初始位置${n}`;

describe('presets', () => {
  it('list 25 presets named 初始位置N when the camera has none', () => {
    const rows = presetRows([], name);
    expect(rows).toHaveLength(25);
    expect(rows[0]).toEqual({
      presetPointCode: 1,
      presetPointName: '初始位置1',
      isAlive: false,
      isEdit: false,
    });
    expect(rows[24]?.presetPointName).toBe('初始位置25');
  });

  it("keep the camera's names and mark its presets as set", () => {
    const rows = presetRows(
      [
        { presetPointCode: '3', presetPointName: '大门' },
        { presetPointCode: 5 },
        { presetPointCode: 30, presetPointName: '越界' },
      ],
      name,
    );
    expect(rows[2]).toMatchObject({ presetPointName: '大门', isAlive: true });
    expect(rows[4]).toMatchObject({ presetPointName: '初始位置5', isAlive: true });
    expect(rows.filter((row) => row.isAlive)).toHaveLength(2);
  });
});
