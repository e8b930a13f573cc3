import { HEADER_DROPDOWN_HIDE_MS, HEADER_DROPDOWN_SHOW_MS } from '@cityops/contract';

/** Header dropdowns open after 10 ms and close after 550 ms (video-talk-alarm-header.md §9); antd counts seconds. */
export const DROPDOWN_DELAYS = {
  mouseEnterDelay: HEADER_DROPDOWN_SHOW_MS / 1000,
  mouseLeaveDelay: HEADER_DROPDOWN_HIDE_MS / 1000,
} as const;
