import { PLUGIN_TIMING, PLUGIN_URL_SCHEME } from '@cityops/contract';

/** `cityops-plugin://start`: the address the operating system hands to the video plug-in's launcher. */
export const PLUGIN_START_URL = `${PLUGIN_URL_SCHEME}://start`;

/**
 * Asks the operating system to start the desktop video plug-in by its URL scheme, through a hidden
 * iframe so the page never navigates away (an unknown scheme does nothing visible). The iframe goes
 * after one start try's time.
 */
export function launchPluginByScheme(doc: Document = document, url = PLUGIN_START_URL): void {
  const frame = doc.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  frame.src = url;
  doc.body.append(frame);
  setTimeout(() => frame.remove(), PLUGIN_TIMING.startRetryMs);
}
