import { describe, expect, it } from 'vitest';
import { gridCells } from './grid.js';

describe('gridCells', () => {
  it('puts 4 windows in 2 columns and 2 rows filling the rectangle', () => {
    expect(gridCells({ left: 100, top: 50, width: 640, height: 360 }, 4)).toEqual([
      { left: 100, top: 50, width: 320, height: 180 },
      { left: 420, top: 50, width: 320, height: 180 },
      { left: 100, top: 230, width: 320, height: 180 },
      { left: 420, top: 230, width: 320, height: 180 },
    ]);
  });

  it('uses ceil(sqrt(n)) columns: 5 windows are 3 columns over 2 rows, 25 are 5 by 5', () => {
    const five = gridCells({ left: 0, top: 0, width: 300, height: 200 }, 5);
    expect(five.map((cell) => [cell.left, cell.top])).toEqual([
      [0, 0],
      [100, 0],
      [200, 0],
      [0, 100],
      [100, 100],
    ]);
    const all = gridCells({ left: 0, top: 0, width: 1001, height: 501 }, 25);
    expect(all).toHaveLength(25);
    expect(all.reduce((sum, cell) => sum + cell.width * cell.height, 0)).toBe(1001 * 501);
  });
});
