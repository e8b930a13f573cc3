import { useCallback, useState } from 'react';
import type { AlarmLevel } from '@cityops/contract';

/**
 * The sound of a new alarm, made by the browser (WebAudio), so no audio file is shipped:
 * 重要 three high beeps, 一般 two, 提示 one soft one.
 */
const BEEPS: Record<AlarmLevel, { count: number; frequency: number; gain: number }> = {
  error: { count: 3, frequency: 1_320, gain: 0.3 },
  common: { count: 2, frequency: 880, gain: 0.2 },
  tips: { count: 1, frequency: 660, gain: 0.08 },
};
const BEEP_SECONDS = 0.15;
const GAP_SECONDS = 0.1;

type AudioContextClass = new () => AudioContext;

let shared: AudioContext | null = null;

/** One context for the page (browsers limit how many there may be). */
function audioContext(): AudioContext | null {
  if (shared) return shared;
  const Context = (globalThis as { AudioContext?: AudioContextClass }).AudioContext;
  if (!Context) return null;
  shared = new Context();
  return shared;
}

/** Plays the level's beeps; silently nothing where the browser has no audio (or blocks it). */
export function playAlarmSound(level: AlarmLevel): void {
  const context = audioContext();
  if (!context) return;
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  const { count, frequency, gain } = BEEPS[level];
  const start = context.currentTime;
  for (let beep = 0; beep < count; beep += 1) {
    const at = start + beep * (BEEP_SECONDS + GAP_SECONDS);
    const oscillator = context.createOscillator();
    const volume = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    volume.gain.setValueAtTime(gain, at);
    volume.gain.exponentialRampToValueAtTime(0.001, at + BEEP_SECONDS);
    oscillator.connect(volume);
    volume.connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + BEEP_SECONDS);
  }
}

/** For the tests: forget the page's context, so a new stub is used. */
export function resetAlarmSound(): void {
  shared = null;
}

/** Where the page remembers the 声音提醒 switch (one for alarms, one for early warnings). */
export const soundSettingKey = (kind: string) => `cityops.alarmSound.${kind}`;

/** The 声音提醒 switch: on unless turned off, remembered in localStorage. */
export function useSoundSetting(kind: string): [boolean, (on: boolean) => void] {
  const key = soundSettingKey(kind);
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(key) !== 'off';
    } catch {
      return true;
    }
  });
  const change = useCallback(
    (next: boolean) => {
      setOn(next);
      try {
        localStorage.setItem(key, next ? 'on' : 'off');
      } catch {
        // Storage refused (private mode): the switch still holds for this page.
      }
    },
    [key],
  );
  return [on, change];
}
