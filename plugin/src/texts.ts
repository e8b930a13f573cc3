import {
  fillText,
  text,
  videoPluginTextsEn,
  videoPluginTextsZh,
  type Locale,
  type PluginCode,
  type TextKey,
} from '@cityops/contract';

const pluginTexts = { 'zh-CN': videoPluginTextsZh, 'en-US': videoPluginTextsEn } as const;
export type PluginTextKey = keyof typeof videoPluginTextsZh;
const isPluginTextKey = (key: string): key is PluginTextKey => Object.hasOwn(videoPluginTextsZh, key);

/** A text of the plug-in's catalogue, or of the contract's (request and level texts), in the plug-in's locale. */
export type Say = (key: TextKey | PluginTextKey, values?: Record<string, string | number>) => string;

export const sayIn =
  (locale: Locale): Say =>
  (key, values) =>
    isPluginTextKey(key) ? fillText(pluginTexts[locale][key], values) : text(key, locale, values);

/** A request that cannot be done: answered with this code and msg (never a stack trace). */
export class PluginFailure extends Error {
  override name = 'PluginFailure';
  constructor(
    readonly code: PluginCode,
    msg: string,
  ) {
    super(msg);
  }
}

/** The last meaningful line a tool wrote, for a msg a person can read. */
export function lastLine(output: string, fallback: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return (lines.at(-1) ?? fallback).slice(0, 200);
}
