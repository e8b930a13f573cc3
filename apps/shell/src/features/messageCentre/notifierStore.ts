import { create } from 'zustand';
import { NOTIFIER_MAX_MESSAGES, type Message } from '@cityops/contract';

/** What the notifier (platform-shell.md §4) holds: the fresh messages since it last closed, newest first. */
interface NotifierState {
  messages: Message[];
  expanded: boolean;
  /** Counts arrivals, so the auto-close timer starts again with each. */
  arrivals: number;
  add(messages: readonly Message[]): void;
  remove(id: number): void;
  /** Closes the notifier: everything in it goes (the message centre keeps them). */
  dismiss(): void;
  setExpanded(expanded: boolean): void;
}

const newestFirst = (a: Message, b: Message) =>
  Date.parse(b.createTime) - Date.parse(a.createTime) || b.id - a.id;

export const useNotifier = create<NotifierState>()((set) => ({
  messages: [],
  expanded: true,
  arrivals: 0,
  add: (incoming) =>
    set(({ messages, expanded, arrivals }) => {
      if (incoming.length === 0) return {};
      const ids = new Set(incoming.map((message) => message.id));
      const kept = messages.filter((message) => !ids.has(message.id));
      return {
        messages: [...incoming, ...kept].sort(newestFirst).slice(0, NOTIFIER_MAX_MESSAGES),
        // Popping up anew shows the messages; while open, the user's choice stands.
        expanded: messages.length === 0 ? true : expanded,
        arrivals: arrivals + 1,
      };
    }),
  remove: (id) => set(({ messages }) => ({ messages: messages.filter((message) => message.id !== id) })),
  dismiss: () => set({ messages: [] }),
  setExpanded: (expanded) => set({ expanded }),
}));
