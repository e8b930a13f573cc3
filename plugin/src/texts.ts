import { text, type Locale, type PluginCode, type TextKey } from '@cityops/contract';

/** A text of the contract's catalogue in the plug-in's locale. */
export type Say = (key: TextKey, values?: Record<string, string | number>) => string;

export const sayIn =
  (locale: Locale): Say =>
  (key, values) =>
    text(key, locale, values);

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
