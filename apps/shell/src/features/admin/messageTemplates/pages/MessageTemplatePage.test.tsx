import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_EVENTS,
  MESSAGE_EVENT_KINDS,
  messageTemplateEndpoints,
  type MessageTemplate,
} from '@cityops/contract';
import { changeLocale, initI18n } from '@cityops/ui';
import { dialogField, renderAdminPage, type FakeServer } from '../../../../test/renderAdminPage';
import { MessageTemplatePage } from './MessageTemplatePage';

beforeAll(() => initI18n('zh-CN'));

const shipped = (): MessageTemplate[] =>
  MESSAGE_EVENT_KINDS.map((eventKind) => ({
    eventKind,
    messageType: MESSAGE_EVENTS[eventKind].type,
    title: MESSAGE_EVENTS[eventKind].title,
    content: MESSAGE_EVENTS[eventKind].content,
    isDefault: true,
    updateTime: null,
    updatedBy: null,
  }));

function server(): FakeServer {
  const templates = shipped();
  const contract = templates.find((template) => template.eventKind === 'contract.expiring');
  if (contract) Object.assign(contract, { title: '合同到期提醒', isDefault: false, updatedBy: 'admin' });
  return {
    [messageTemplateEndpoints.list.path]: ({ body }) => {
      const type = (body as { messageType?: number } | undefined)?.messageType;
      // The server's order is by event; the page groups by type.
      return templates.filter((template) => !type || template.messageType === type).reverse();
    },
    [messageTemplateEndpoints.update.path]: ({ body }) => ({
      ...templates[0],
      ...(body as object),
      isDefault: false,
    }),
    [messageTemplateEndpoints.reset.path]: () => templates[0],
  };
}

const EDIT = ['messageTemplate_edit'];
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const sentTo = (kit: ReturnType<typeof renderAdminPage>, path: string) =>
  kit.calls.filter((call) => call.path === path).map((call) => call.body);

async function openEditor(eventName: string) {
  await screen.findByText(eventName);
  fireEvent.click(within(rowOf(eventName)).getByRole('button', { name: /编\s*辑/ }));
  return screen.findByRole('dialog');
}

describe('消息模板', () => {
  it('lists every event’s template grouped by message type, and filters by one', async () => {
    const kit = renderAdminPage(<MessageTemplatePage />, server(), EDIT, '/admin/messageTemplate');
    expect(await screen.findByText('设备告警：{deviceName}')).toBeTruthy();
    const types = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('.ant-tag')?.textContent);
    expect(types[0]).toBe('告警');
    expect(types.at(-1)).toBe('合同');
    expect(within(rowOf('合同到期提醒')).getByText('已修改')).toBeTruthy();
    expect(within(rowOf('合同到期提醒')).getByRole('button', { name: /恢复默认/ })).toBeTruthy();
    expect(within(rowOf('设备告警：{deviceName}')).queryByRole('button', { name: /恢复默认/ })).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '消息类型' }));
    fireEvent.click(await screen.findByTitle('工单'));
    expect(await screen.findByText('新工单：{orderNo}')).toBeTruthy();
    expect(screen.queryByText('设备告警：{deviceName}')).toBeNull();
    expect(sentTo(kit, messageTemplateEndpoints.list.path).at(-1)).toEqual({ messageType: 2 });
  });

  it('edits a template: variables insert at the cursor, the preview uses the sample values', async () => {
    const kit = renderAdminPage(<MessageTemplatePage />, server(), EDIT, '/admin/messageTemplate');
    const dialog = await openEditor('工单派发');
    const preview = within(dialog).getByRole('region', { name: '预览（示例数据）' });
    expect(within(preview).getByText('新工单：GD20261124001')).toBeTruthy();

    const title = dialogField(dialog, 'title') as HTMLInputElement;
    fireEvent.change(title, { target: { value: '工单提醒：' } });
    fireEvent.focus(title);
    title.setSelectionRange(5, 5);
    fireEvent.select(title);
    fireEvent.click(within(dialog).getByText('{assignee} 处理人'));
    expect(title.value).toBe('工单提醒：{assignee}');
    expect(await within(preview).findByText('工单提醒：张工')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(sentTo(kit, messageTemplateEndpoints.update.path)).toEqual([
        {
          eventKind: 'workOrder.assigned',
          title: '工单提醒：{assignee}',
          content: MESSAGE_EVENTS['workOrder.assigned'].content,
        },
      ]),
    );
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('flags a variable the event does not supply and does not save it', async () => {
    const kit = renderAdminPage(<MessageTemplatePage />, server(), EDIT, '/admin/messageTemplate');
    const dialog = await openEditor('工单派发');
    fireEvent.change(dialogField(dialog, 'content'), { target: { value: '{orderNo}由{worker}处理' } });
    expect(await within(dialog).findByText('以下变量不存在，无法保存：worker')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('模板使用了不存在的变量：worker')).toBeTruthy();
    expect(sentTo(kit, messageTemplateEndpoints.update.path)).toEqual([]);
  });

  it('lists the unknown variables with the English list separator in English', async () => {
    await changeLocale('en-US');
    try {
      renderAdminPage(<MessageTemplatePage />, server(), EDIT, '/admin/messageTemplate');
      await screen.findByText('Work order assigned');
      fireEvent.click(within(rowOf('Work order assigned')).getByRole('button', { name: /edit/i }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(dialogField(dialog, 'content'), {
        target: { value: '{orderNo} by {worker} at {site}' },
      });
      expect(
        await within(dialog).findByText('These variables do not exist and cannot be saved: worker, site'),
      ).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: /save/i }));
      expect(
        await within(dialog).findByText('The template uses variables that do not exist: worker, site'),
      ).toBeTruthy();
    } finally {
      await changeLocale('zh-CN');
    }
  });

  it('resets an edited template to its default after asking', async () => {
    const kit = renderAdminPage(<MessageTemplatePage />, server(), EDIT, '/admin/messageTemplate');
    await screen.findByText('合同到期提醒');
    fireEvent.click(within(rowOf('合同到期提醒')).getByRole('button', { name: /恢复默认/ }));
    expect(await screen.findByText('确定将“合同即将到期”的模板恢复为默认内容吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已恢复默认模板')).toBeTruthy();
    expect(sentTo(kit, messageTemplateEndpoints.reset.path)).toEqual([{ eventKind: 'contract.expiring' }]);
  });

  it('offers neither edit nor reset without the edit code', async () => {
    renderAdminPage(<MessageTemplatePage />, server(), [], '/admin/messageTemplate');
    await screen.findByText('合同到期提醒');
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /恢复默认/ })).toBeNull();
  });
});
