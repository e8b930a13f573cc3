import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFIER_AUTO_CLOSE_MS, NOTIFIER_MAX_MESSAGES, type Message } from '@cityops/contract';
import { AppConfigProvider, changeLocale, initI18n } from '@cityops/ui';
import { messageOf } from '../../test/messages';
import { Notifier } from './Notifier';
import { useNotifier } from './notifierStore';

beforeAll(() => initI18n('zh-CN'));

const message = (id: number, messageType = 2) => messageOf(id, { messageType });

function renderNotifier() {
  const onOpen = vi.fn<(message: Message) => void>();
  render(
    <AppConfigProvider>
      <Notifier onOpen={onOpen} />
    </AppConfigProvider>,
  );
  return { onOpen, panel: () => screen.queryByRole('region', { name: '新消息' }) };
}

const arrive = (...messages: Message[]) => act(() => useNotifier.getState().add(messages));

beforeEach(() => {
  useNotifier.setState({ messages: [], expanded: true, arrivals: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the message notifier', () => {
  it('is hidden until messages arrive, then shows how many, newest first', () => {
    const { panel } = renderNotifier();
    expect(panel()).toBeNull();
    arrive(message(1));
    arrive(message(3, 1), message(2));
    const shown = panel() as HTMLElement;
    expect(within(shown).getByText('3 条新消息')).toBeTruthy();
    const titles = within(shown)
      .getAllByRole('button', { name: /^查看/ })
      .map((item) => item.getAttribute('aria-label'));
    expect(titles).toEqual(['查看“消息3”', '查看“消息2”', '查看“消息1”']);
    expect(within(shown).getByText('告警')).toBeTruthy();
    expect(within(shown).getAllByText('工单')).toHaveLength(2);
  });

  it('shows each message in the interface language, and one stored in one language as it is', async () => {
    await changeLocale('en-US');
    try {
      renderNotifier();
      arrive(message(1), messageOf(2, { inEnglish: null }));
      expect(screen.getByText('Message 1')).toBeTruthy();
      expect(screen.getByText('The content of message 1')).toBeTruthy();
      expect(screen.queryByText('消息1')).toBeNull();
      expect(screen.getByText('消息2')).toBeTruthy();
    } finally {
      await changeLocale('zh-CN');
    }
  });

  it('collapses to its header and expands again', () => {
    const { panel } = renderNotifier();
    arrive(message(1));
    fireEvent.click(screen.getByRole('button', { name: '收起' }));
    expect(within(panel() as HTMLElement).queryByText('消息1')).toBeNull();
    expect(within(panel() as HTMLElement).getByText('1 条新消息')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    expect(within(panel() as HTMLElement).getByText('消息1')).toBeTruthy();
  });

  it(`keeps at most ${NOTIFIER_MAX_MESSAGES}, dropping the oldest`, () => {
    const { panel } = renderNotifier();
    arrive(...Array.from({ length: 25 }, (_, i) => message(i + 1)));
    const items = within(panel() as HTMLElement).getAllByRole('button', { name: /^查看/ });
    expect(items).toHaveLength(NOTIFIER_MAX_MESSAGES);
    expect(screen.getByText('消息25')).toBeTruthy();
    expect(screen.queryByText('消息5')).toBeNull();
  });

  it('closes itself after 20 s without interaction', () => {
    vi.useFakeTimers();
    const { panel } = renderNotifier();
    arrive(message(1));
    act(() => vi.advanceTimersByTime(NOTIFIER_AUTO_CLOSE_MS - 1_000));
    // A new message starts the wait again.
    arrive(message(2));
    act(() => vi.advanceTimersByTime(NOTIFIER_AUTO_CLOSE_MS - 1_000));
    expect(panel()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(panel()).toBeNull();
    // What arrives next pops up on its own.
    arrive(message(3));
    expect(within(panel() as HTMLElement).getByText('1 条新消息')).toBeTruthy();
  });

  it('stays open while the pointer is over it, and a click in it starts the wait again', () => {
    vi.useFakeTimers();
    const { panel } = renderNotifier();
    arrive(message(1), message(2));
    fireEvent.mouseEnter(panel() as HTMLElement);
    act(() => vi.advanceTimersByTime(NOTIFIER_AUTO_CLOSE_MS * 3));
    expect(panel()).not.toBeNull();
    fireEvent.mouseLeave(panel() as HTMLElement);
    act(() => vi.advanceTimersByTime(NOTIFIER_AUTO_CLOSE_MS - 1_000));
    fireEvent.click(screen.getByRole('button', { name: '收起' }));
    act(() => vi.advanceTimersByTime(NOTIFIER_AUTO_CLOSE_MS - 1_000));
    expect(panel()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(panel()).toBeNull();
  });

  it('removes a clicked message and opens it; the close button dismisses them all', () => {
    const { onOpen, panel } = renderNotifier();
    arrive(message(1), message(2));
    fireEvent.click(screen.getByRole('button', { name: '查看“消息2”' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(screen.queryByText('消息2')).toBeNull();
    expect(within(panel() as HTMLElement).getByText('1 条新消息')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(panel()).toBeNull();
  });
});
