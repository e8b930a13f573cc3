const FIELD_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * Whether a key press is a bare Esc that nothing on the page takes: no modifier and not held down, not
 * in a field (Esc there belongs to the field or its drop-down), and no dialog or drawer open. antd
 * closes those on Esc from a window listener of its own and leaves the event as it was, so only the
 * page can tell that the press was theirs.
 */
export function isBareEscape(event: KeyboardEvent, page: Document = document): boolean {
  if (event.key !== 'Escape' || event.repeat || event.defaultPrevented) return false;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const target = event.target;
  if (target instanceof HTMLElement && (FIELD_TAGS.has(target.tagName) || editable(target))) return false;
  return !Array.from(page.querySelectorAll<HTMLElement>('[aria-modal="true"]')).some(shown);
}

const editable = (element: HTMLElement) =>
  element.isContentEditable || element.closest('[contenteditable]:not([contenteditable="false"])') !== null;

/** Laid out and not hidden by an ancestor (a closed antd dialog stays in the page, hidden). */
function shown(element: HTMLElement): boolean {
  if (typeof element.checkVisibility === 'function') return element.checkVisibility();
  for (let at: HTMLElement | null = element; at; at = at.parentElement)
    if (at.hidden || at.style.display === 'none') return false;
  return true;
}
