/** Header dropdowns open after 10 ms and close after 550 ms (video-talk-alarm-header.md §9); antd counts seconds. */
export const DROPDOWN_DELAYS = { mouseEnterDelay: 0.01, mouseLeaveDelay: 0.55 } as const;
