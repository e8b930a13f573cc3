import { useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { ALARM_NOTE_MAX, type AlarmKind, type AlarmRow, type HandleResult } from '@cityops/contract';
import { useAssignees, useHandleAlarms } from './queries';
import { alarmTexts } from './texts';

/** The two choices that ask for more than a yes: 转工单 (assignee, comment) and 转无效 (reason, comment). */
export type DialogAction = 'work_order' | 'invalid';

interface Values {
  assigneeId?: number;
  reason?: string;
  comment?: string;
}

export interface HandleDialogProps {
  kind: AlarmKind;
  action: DialogAction;
  rows: AlarmRow[];
  /** The server's answer, once it accepted the call (done and, in a batch, refused alarms). */
  onDone(result: HandleResult): void;
  onCancel(): void;
}

/**
 * 转工单 or 转无效 for one alarm or the chosen ones. 转工单 may name who the new order goes to, picked
 * among the work-order people of the alarms' project (only when they share one); 转无效 requires a
 * reason (§5: a textarea of 200). A refusal is shown by the HTTP client and the dialog stays open.
 */
export function HandleDialog({ kind, action, rows, onDone, onCancel }: HandleDialogProps) {
  const t = alarmTexts.useTexts();
  const [form] = Form.useForm<Values>();
  const handle = useHandleAlarms(kind);
  const projects = [...new Set(rows.map((row) => row.projectId))];
  const projectId = action === 'work_order' && projects.length === 1 ? (projects[0] ?? null) : null;
  const assignees = useAssignees(projectId);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const result = await handle.mutateAsync({
        alarmIds: rows.map((row) => row.alarmId),
        action,
        reason: values.reason?.trim() ?? '',
        comment: values.comment?.trim() ?? '',
        assigneeId: values.assigneeId ?? null,
      });
      onDone(result);
    } catch {
      // The HTTP client has shown the server's reason; the dialog keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={action === 'work_order' ? t('toWorkOrder') : t('toInvalid')}
      okButtonProps={{ loading: saving }}
      onOk={() => void save()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        {action === 'work_order' && projectId !== null && (
          <Form.Item name="assigneeId" label={t('assignee')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('assigneeHint')}
              loading={assignees.isLoading}
              options={(assignees.data ?? []).map((person) => ({
                value: person.userId,
                label: `${person.name}（${person.account}）`,
              }))}
            />
          </Form.Item>
        )}
        {action === 'invalid' && (
          <Form.Item
            name="reason"
            label={t('reason')}
            rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={ALARM_NOTE_MAX} showCount />
          </Form.Item>
        )}
        <Form.Item name="comment" label={t('comment')}>
          <Input.TextArea rows={3} maxLength={ALARM_NOTE_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
