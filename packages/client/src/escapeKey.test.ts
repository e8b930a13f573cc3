// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { isBareEscape } from './escapeKey.js';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The press as the window's listener gets it, from `target`. */
function press(target: Element, init: KeyboardEventInit = {}): KeyboardEvent {
  let heard: KeyboardEvent | null = null;
  const listen = (event: KeyboardEvent) => (heard = event);
  window.addEventListener('keydown', listen);
  target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, ...init }));
  window.removeEventListener('keydown', listen);
  if (!heard) throw new Error('the press did not reach the window');
  return heard;
}

describe('a bare Esc', () => {
  it('is Esc on the page itself, without modifiers, once', () => {
    expect(isBareEscape(press(document.body))).toBe(true);
    expect(isBareEscape(press(document.body, { key: 'Enter' }))).toBe(false);
    expect(isBareEscape(press(document.body, { ctrlKey: true }))).toBe(false);
    expect(isBareEscape(press(document.body, { repeat: true }))).toBe(false);
  });

  it('is not Esc in a field, which belongs to the field or its drop-down', () => {
    document.body.innerHTML = '<input /><textarea></textarea><div contenteditable="true"></div>';
    for (const field of document.body.children) expect(isBareEscape(press(field))).toBe(false);
  });

  it('is not Esc while a dialog is open, and is again once it is hidden', () => {
    document.body.innerHTML = '<div class="wrap"><div role="dialog" aria-modal="true">提示</div></div>';
    expect(isBareEscape(press(document.body))).toBe(false);
    document.querySelector<HTMLElement>('.wrap')?.style.setProperty('display', 'none');
    expect(isBareEscape(press(document.body))).toBe(true);
  });
});
