import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageEndpoints, tableSettingsEndpoints, type Message } from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { messageOf } from '../../../../test/messages';
import { renderAdminPage, type FakeServer } from '../../../../test/renderAdminPage';
import { rangeProblem } from '../components/MessageSearchFields';
import { MessagePage } from './MessagePage';

beforeAll(() => initI18n('zh-CN'));

function server(): FakeServer {
  const messages: Message[] = [
    messageOf(3, { messageType: 1, title: '设备告警：1号路灯', link: '/alarms' }),
    messageOf(2, { readStatus: true, title: '新工单：GD001' }),
    messageOf(1, { messageType: 7, title: '许可证即将到期', projectId: null, projectName: null }),
  ];
  const unread = () => messages.filter((message) => !message.readStatus).length;
  return {
    [messageEndpoints.pageList.path]: () => ({ messageList: messages, noReadCount: unread(), total: 3 }),
    [messageEndpoints.recordDeal.path]: ({ body }) => {
      const { recordIds } = body as { recordIds: number[] };
      for (const message of messages) if (recordIds.includes(message.id)) message.readStatus = true;
      return { updated: recordIds.length };
    },
    [messageEndpoints.readAll.path]: () => {
      for (const message of messages) message.readStatus = true;
      return { updated: 2 };
    },
    [tableSettingsEndpoints.get.path]: () => null,
  };
}

function renderPage(elements: string[], path = '/admin/message') {
  return renderAdminPage(
    <MemoryRouter initialEntries={['/admin/message']}>
      <Routes>
        <Route path="/admin/message" element={<MessagePage />} />
        <Route path="/alarms" element={<p>告警列表页面</p>} />
      </Routes>
    </MemoryRouter>,
    server(),
    elements,
    path,
  );
}

const calls = (kit: ReturnType<typeof renderPage>, path: string) =>
  kit.calls.filter((call) => call.path === path).map((call) => call.body);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('消息中心', () => {
  it('lists the messages with their type, project and read state; unread ones in bold', async () => {
    renderPage(['message_markRead']);
    expect(await screen.findByText('设备告警：1号路灯')).toBeTruthy();
    expect(screen.getByText('未读消息 2 条')).toBeTruthy();
    expect(within(rowOf('设备告警：1号路灯')).getByText('告警')).toBeTruthy();
    expect(within(rowOf('许可证即将到期')).getByText('预警')).toBeTruthy();
    expect(within(rowOf('许可证即将到期')).getByText('平台')).toBeTruthy();
    expect(within(rowOf('新工单：GD001')).getByText('已读')).toBeTruthy();
    expect(screen.getByText('设备告警：1号路灯').closest('strong')).not.toBeNull();
    expect(screen.getByText('新工单：GD001').closest('strong')).toBeNull();
  });

  it('filters by type and read state, from the address and from the form', async () => {
    const kit = renderPage([], '/admin/message?messageType=7&readStatus=false');
    await screen.findByText('许可证即将到期');
    expect(calls(kit, messageEndpoints.pageList.path)[0]).toEqual({
      pageNum: 1,
      pageSize: 15,
      messageType: 7,
      readStatus: false,
    });
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(kit.address()).toBe('/admin/message'));
    fireEvent.mouseDown(screen.getAllByRole('combobox')[0] as HTMLElement);
    fireEvent.click(await screen.findByTitle('工单'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(kit.address()).toBe('/admin/message?messageType=2'));
  });

  it('refuses a time range whose end is not after its start, in the contract’s words', () => {
    const start = dayjs('2026-11-24T10:00:00+08:00');
    expect(rangeProblem([start, start])).toBe('结束时间必须晚于开始时间');
    expect(rangeProblem([start, start.subtract(1, 'minute')])).toBe('结束时间必须晚于开始时间');
    expect(rangeProblem([start, start.add(1, 'hour')])).toBeNull();
    expect(rangeProblem(undefined)).toBeNull();
  });

  it('marks the chosen rows read', async () => {
    const kit = renderPage(['message_markRead']);
    await screen.findByText('设备告警：1号路灯');
    fireEvent.click(within(rowOf('设备告警：1号路灯')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('许可证即将到期')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /标记已读/ }));
    expect(await screen.findByText('已标记为已读')).toBeTruthy();
    expect(calls(kit, messageEndpoints.recordDeal.path)).toEqual([{ recordIds: [3, 1], readStatus: true }]);
    expect(await screen.findByText('未读消息 0 条')).toBeTruthy();
  });

  it('marks everything read after asking', async () => {
    const kit = renderPage(['message_markRead']);
    await screen.findByText('设备告警：1号路灯');
    fireEvent.click(screen.getByRole('button', { name: /全部已读/ }));
    expect(await screen.findByText('确定将全部 2 条未读消息标记为已读吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已全部标记为已读')).toBeTruthy();
    expect(calls(kit, messageEndpoints.readAll.path)).toHaveLength(1);
    expect(await screen.findByText('未读消息 0 条')).toBeTruthy();
  });

  it('opens a message’s page on a click on its row, marking it read', async () => {
    const kit = renderPage([]);
    fireEvent.click(await screen.findByText('设备告警：1号路灯'));
    expect(await screen.findByText('告警列表页面')).toBeTruthy();
    expect(calls(kit, messageEndpoints.recordDeal.path)).toEqual([{ recordIds: [3], readStatus: true }]);
  });

  it('offers no marking without the markRead code', async () => {
    renderPage([]);
    await screen.findByText('设备告警：1号路灯');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /全部已读/ })).toBeNull();
  });
});
