import Bowser from 'bowser';
import type { Translate } from '../i18n/defineTexts.js';
import { timeTexts } from './texts.js';

type TimeText = Parameters<typeof timeTexts.t>[0];

/** The browser and its major version, and the system, of a User-Agent string; null parts unknown. */
export function agentOf(userAgent: string): { browser: string | null; os: string | null } {
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  const os = parsed.os.name
    ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ')
    : null;
  return { browser, os };
}

/** `Chrome 131 · Windows 10` for a list; what cannot be read says so (the raw string goes in a tooltip). */
export function describeAgent(userAgent: string, t: Translate<TimeText> = timeTexts.t): string {
  const { browser, os } = agentOf(userAgent);
  if (browser && os) return t('agentOn', { browser, os });
  return browser ?? os ?? t('unknownAgent');
}
