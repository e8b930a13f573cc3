import type { AlarmRecord } from '@cityops/contract';

/** A short two-tone ring (WebAudio, no asset); silent where audio cannot start. */
export function playRing(): void {
  const AudioContextClass = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    const gain = context.createGain();
    gain.gain.value = 0.15;
    gain.connect(context.destination);
    [880, 660, 880, 660].forEach((hz, index) => {
      const tone = context.createOscillator();
      tone.frequency.value = hz;
      tone.connect(gain);
      tone.start(context.currentTime + index * 0.25);
      tone.stop(context.currentTime + index * 0.25 + 0.22);
    });
    window.setTimeout(() => void context.close(), 1500);
  } catch {
    // Autoplay refused before any user gesture: the notice still shows.
  }
}

/** Asks for the browser's permission once, from a user gesture (e.g. the first click on the page). */
export function askNotificationPermissionOnce(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  const ask = () => {
    void Notification.requestPermission();
  };
  window.addEventListener('click', ask, { once: true });
}

/** When the tab is hidden: one browser notification per call (tag = alarm id, so several tabs make one). */
export function notifyHidden(record: AlarmRecord, title: string, onClick: () => void): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  if (document.visibilityState !== 'hidden') return;
  const { deviceDto } = record;
  const notice = new Notification(title, {
    body: `${deviceDto.devName} ${deviceDto.areaName} ${deviceDto.address} ${record.happenTime}`,
    tag: `alarm-${record.id}`,
  });
  notice.onclick = () => {
    window.focus();
    onClick();
    notice.close();
  };
}
