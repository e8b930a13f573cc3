import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeLayout } from '../test/layout.js';
import { Timeline } from './Timeline.js';

const day = new Date(2026, 10, 22).getTime();

function timelineAt(width: number, onPick: (time: number) => void = () => undefined) {
  const layout = fakeLayout(width);
  render(<Timeline dayStart={day} position={null} segments={[]} onPick={onPick} />);
  return layout;
}

/** The labels the operator reads under the bar, left to right. */
const labels = () =>
  within(screen.getByRole('slider', { name: '回放时间轴' }))
    .getAllByText(/^\d\d:\d\d$/)
    .map((label) => label.textContent);

const hours = (step: number) =>
  Array.from({ length: 24 / step + 1 }, (_, i) => `${String(i * step).padStart(2, '0')}:00`);

describe('playback timeline labels by width (§2.5)', () => {
  it('labels every 4th hour on a timeline under 768 px', () => {
    timelineAt(700);
    expect(labels()).toEqual(['00:00', '04:00', '08:00', '12:00', '16:00', '20:00', '24:00']);
  });

  it('labels every 2nd hour under 1366 px', () => {
    timelineAt(1200);
    expect(labels()).toEqual(hours(2));
  });

  it('labels every hour from 1366 px, without half hours while they would crowd', () => {
    timelineAt(1600);
    expect(labels()).toEqual(hours(1));
  });

  it('labels the half hours, like 00:30, where the width allows', () => {
    timelineAt(1920);
    const shown = labels();
    expect(shown).toHaveLength(49);
    expect(shown.slice(0, 3)).toEqual(['00:00', '00:30', '01:00']);
    expect(shown.slice(-3)).toEqual(['23:00', '23:30', '24:00']);
  });

  it('follows its own width as it changes', () => {
    const layout = timelineAt(1920);
    expect(labels()).toContain('12:30');
    layout.resize(1000);
    expect(labels()).toEqual(hours(2));
    layout.resize(500);
    expect(labels()).toEqual(hours(4));
  });

  it('picks the time under the pointer on the scale, which stands in from both ends by half a label', () => {
    const onPick = vi.fn();
    timelineAt(1038, onPick);
    // The bar is 1038 px from x 0; its scale 1000 px from x 19.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'slider'
        ? DOMRect.fromRect({ x: 0, y: 0, width: 1038, height: 40 })
        : DOMRect.fromRect({ x: 19, y: 0, width: 1000, height: 40 });
    });
    const timeline = screen.getByRole('slider', { name: '回放时间轴' });
    fireEvent.click(timeline, { clientX: 19 + 500 });
    fireEvent.click(timeline, { clientX: 19 + 1000 / 48 });
    fireEvent.click(timeline, { clientX: 5 });
    fireEvent.click(timeline, { clientX: 1030 });
    const minutes = onPick.mock.calls.map(([time]) => ((time as number) - day) / 60_000);
    expect(minutes).toEqual([12 * 60, 30, 0, 24 * 60]);
  });
});
