import { useCallback, useEffect, useRef, useState } from 'react';
import type { RoundRobinUnit } from '../constants.js';
import { RoundRobinQueue, intervalMs } from '../roundRobin.js';

export interface RoundRobinStart {
  stepTime: number;
  stepUnit: RoundRobinUnit;
  playFullSceen: boolean;
}

/**
 * Round-robin (§4.5): stopped → running on start; each tick plays the next `batchSize` devices (window 0
 * selected); stop clears the timer and the lists. A change of `stopSignal` (an outside counter) stops it.
 */
export function useRoundRobin<T>(options: {
  onBatch(batch: T[] | null): void;
  onFullScreen(): void;
  stopSignal?: number;
}) {
  const [running, setRunning] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });

  const stop = useCallback(() => {
    clearInterval(timer.current);
    timer.current = undefined;
    setRunning((was) => {
      if (was) callbacks.current.onBatch(null);
      return false;
    });
  }, []);

  const start = useCallback((all: readonly T[], batchSize: number, form: RoundRobinStart) => {
    clearInterval(timer.current);
    const queue = new RoundRobinQueue(all);
    const tick = () => callbacks.current.onBatch(queue.next(batchSize));
    if (form.playFullSceen) callbacks.current.onFullScreen();
    tick();
    timer.current = setInterval(tick, intervalMs(form.stepTime, form.stepUnit));
    setRunning(true);
  }, []);

  const lastSignal = useRef(options.stopSignal);
  useEffect(() => {
    if (lastSignal.current === options.stopSignal) return;
    lastSignal.current = options.stopSignal;
    stop();
  }, [options.stopSignal, stop]);

  useEffect(() => () => clearInterval(timer.current), []);

  return { running, start, stop };
}
