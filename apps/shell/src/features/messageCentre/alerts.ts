import { messageText, type Message } from '@cityops/contract';
import { currentLocale } from '@cityops/ui';

/**
 * The two optional alerts of a new message: a system notification per message while the page is in
 * the background (Notification API), and a short tone for alarms (Web Audio; no sound file to load).
 */

export type NotificationAnswer = 'granted' | 'denied' | 'unsupported';

const notificationApi = () => (typeof Notification === 'undefined' ? null : Notification);

/** Asks for permission (only when the user switches notifications on); answers what the browser allows. */
export async function askNotificationPermission(): Promise<NotificationAnswer> {
  const api = notificationApi();
  if (!api) return 'unsupported';
  if (api.permission === 'granted') return 'granted';
  if (api.permission === 'denied') return 'denied';
  return (await api.requestPermission()) === 'granted' ? 'granted' : 'denied';
}

/** One notification per message, only while the page is hidden; a click brings the tab forward and opens it. */
export function notifyInBrowser(messages: readonly Message[], onOpen: (message: Message) => void): void {
  const api = notificationApi();
  if (!api || api.permission !== 'granted' || document.visibilityState !== 'hidden') return;
  for (const message of messages) {
    const { title, messageContent } = messageText(message, currentLocale());
    const notification = new api(title, {
      body: messageContent,
      tag: `message-${message.id}`,
    });
    notification.onclick = () => {
      window.focus();
      notification.close();
      onOpen(message);
    };
  }
}

let audio: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (audio) return audio;
  const Context = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Context) return null;
  audio = new Context();
  return audio;
}

/**
 * Called from the click that switches the sound on: browsers start audio only after a gesture on the
 * page, so the context is made (or resumed) here, and later alarms can sound without one.
 */
export function unlockSound(): void {
  void audioContext()
    ?.resume()
    .catch(() => undefined);
}

/** Two short rising tones, about half a second in all. */
export function playAlarmSound(): void {
  const context = audioContext();
  if (!context) return;
  void context.resume().catch(() => undefined);
  const start = context.currentTime + 0.02;
  [880, 1320].forEach((frequency, i) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const at = start + i * 0.22;
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.21);
  });
}
