import { useState } from 'react';

/** The side menu's collapsed state, kept for the browser tab's session (video-talk-alarm-header.md §2.8). */
export const SIDE_COLLAPSED_KEY = 'cityops-side-collapsed';

function read(): boolean {
  try {
    return sessionStorage.getItem(SIDE_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function useSideCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(read);
  const update = (next: boolean) => {
    setCollapsed(next);
    try {
      sessionStorage.setItem(SIDE_COLLAPSED_KEY, String(next));
    } catch {
      // Site data blocked: the state lasts until the page reloads.
    }
  };
  return [collapsed, update];
}
