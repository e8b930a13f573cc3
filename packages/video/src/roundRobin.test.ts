import { describe, expect, it } from 'vitest';
import { RoundRobinQueue, checkRoundRobinForm, intervalMs, unitMinimum } from './roundRobin.js';

describe('round-robin form (§5)', () => {
  it('needs an interval and a unit', () => {
    expect(checkRoundRobinForm({ stepTime: null, stepUnit: '秒', playFullSceen: true })).toEqual({
      key: 'video.roundRobin.stepTimeRequired',
    });
    expect(checkRoundRobinForm({ stepTime: 10, stepUnit: null, playFullSceen: true })).toEqual({
      key: 'video.roundRobin.stepUnitRequired',
    });
  });

  it('takes 10 to 999 seconds', () => {
    expect(checkRoundRobinForm({ stepTime: 10, stepUnit: '秒', playFullSceen: true })).toBeNull();
    expect(checkRoundRobinForm({ stepTime: 999, stepUnit: '秒', playFullSceen: true })).toBeNull();
    expect(checkRoundRobinForm({ stepTime: 9, stepUnit: '秒', playFullSceen: true })).toEqual({
      key: 'video.roundRobin.range',
      min: 10,
      max: 999,
      unit: '秒',
    });
    expect(checkRoundRobinForm({ stepTime: 1000, stepUnit: '秒', playFullSceen: true })).not.toBeNull();
  });

  it('takes 1 to 999 minutes, whole numbers only', () => {
    expect(checkRoundRobinForm({ stepTime: 1, stepUnit: '分', playFullSceen: false })).toBeNull();
    expect(checkRoundRobinForm({ stepTime: 0, stepUnit: '分', playFullSceen: false })).not.toBeNull();
    expect(checkRoundRobinForm({ stepTime: 1.5, stepUnit: '分', playFullSceen: false })).not.toBeNull();
  });

  it("resets to the unit's minimum and counts the interval in milliseconds", () => {
    expect(unitMinimum('秒')).toBe(10);
    expect(unitMinimum('分')).toBe(1);
    expect(intervalMs(10, '秒')).toBe(10_000);
    expect(intervalMs(2, '分')).toBe(120_000);
  });
});

describe('round-robin queue (§4.5)', () => {
  it('hands out the next N devices and starts again when the list is exhausted', () => {
    const queue = new RoundRobinQueue(['a', 'b', 'c', 'd', 'e']);
    expect(queue.next(2)).toEqual(['a', 'b']);
    expect(queue.next(2)).toEqual(['c', 'd']);
    expect(queue.next(2)).toEqual(['e']);
    expect(queue.next(2)).toEqual(['a', 'b']);
  });

  it('works from a copy: changing the caller’s list later changes nothing', () => {
    const all = ['a', 'b'];
    const queue = new RoundRobinQueue(all);
    all.push('c');
    expect(queue.next(4)).toEqual(['a', 'b']);
  });

  it('gives nothing without devices', () => {
    expect(new RoundRobinQueue<string>([]).next(4)).toEqual([]);
  });
});
