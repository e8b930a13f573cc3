import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Form, Input, Modal, Space, Spin, Timeline } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  nameOf,
  WORK_ORDER_ACTIONS,
  WORK_ORDER_STATE_NAMES,
  WORK_ORDER_TEXT_MAX,
  workOrderEndpoints,
  workOrderPhotoFile,
  type WorkOrderAction,
  type WorkOrderDetail,
  type WorkOrderPhoto,
  type WorkOrderRow,
} from '@cityops/contract';
import { crudTexts, endpointKey, StoredImages, useCrud } from '@cityops/crud';
import { openConfirm, showMessage } from '@cityops/ui';
import { AssigneeSelect } from './CreateOrderDialog';
import { PhotoUpload, type PhotoUploadValue } from './PhotoUpload';
import { actionName, useLocale, useOrderDetail, workOrderLists } from './queries';
import { useOrderCells } from './cells';
import { workOrderTexts } from './texts';

/** What a step asks for before it is sent. */
export const askOf = (action: WorkOrderAction): 'assignee' | 'reason' | 'result' | 'confirm' =>
  action === 'dispatch' || action === 'reassign'
    ? 'assignee'
    : WORK_ORDER_ACTIONS[action].note === 'reason'
      ? 'reason'
      : WORK_ORDER_ACTIONS[action].note === 'result'
        ? 'result'
        : 'confirm';

interface ActValues {
  assigneeId?: number;
  note?: string;
  photos?: PhotoUploadValue;
}

/** The dialog of a step that needs an assignee, a reason or a result (with photos). */
function ActDialog({
  order,
  action,
  send,
  onClose,
}: {
  order: WorkOrderRow;
  action: WorkOrderAction;
  send(values: { assigneeId: number | null; note: string; photoIds: number[] }): Promise<boolean>;
  onClose(): void;
}) {
  const t = workOrderTexts.useTexts();
  const locale = useLocale();
  const [form] = Form.useForm<ActValues>();
  const [sending, setSending] = useState(false);
  const ask = askOf(action);
  const label = ask === 'result' ? t('result') : t('reason');
  const name = actionName(action, locale);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (values.photos?.uploading) {
      showMessage('WARN', t('photoUploading'));
      return;
    }
    setSending(true);
    const done = await send({
      assigneeId: values.assigneeId ?? null,
      note: values.note?.trim() ?? '',
      photoIds: values.photos?.photoIds ?? [],
    });
    setSending(false);
    if (done) onClose();
  };

  return (
    <Modal
      open
      title={`${name} · ${order.orderNo}`}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={sending}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical" aria-label={name}>
        {ask === 'assignee' ? (
          <Form.Item
            name="assigneeId"
            label={t('assignee')}
            rules={[{ required: true, message: t('choose', { field: t('assignee') }) }]}
          >
            <AssigneeSelect projectId={order.projectId} />
          </Form.Item>
        ) : (
          <Form.Item
            name="note"
            label={label}
            rules={[{ required: true, whitespace: true, message: t('required', { field: label }) }]}
          >
            <Input.TextArea maxLength={WORK_ORDER_TEXT_MAX} showCount rows={3} />
          </Form.Item>
        )}
        {ask === 'result' && (
          <Form.Item name="photos" label={t('photos')}>
            <PhotoUpload />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** A step's photos as thumbnails that open large. */
function Photos({ photos }: { photos: WorkOrderPhoto[] }) {
  const images = photos.map((photo) => ({
    id: photo.photoId,
    name: photo.name,
    contentType: photo.contentType,
  }));
  return <StoredImages endpoint={workOrderPhotoFile} images={images} />;
}

function Steps({ detail }: { detail: WorkOrderDetail }) {
  const t = workOrderTexts.useTexts();
  const locale = useLocale();
  const cells = useOrderCells();
  return (
    <Timeline
      items={detail.steps.map((step) => ({
        key: step.stepId,
        content: (
          <div data-testid={`step-${step.stepId}`}>
            <div>
              <strong>{step.action === 'create' ? t('stepCreate') : actionName(step.action, locale)}</strong>{' '}
              {step.actor} · {cells.time(step.at)}
            </div>
            <div>
              {step.fromState ? `${nameOf(WORK_ORDER_STATE_NAMES, step.fromState, locale)} → ` : ''}
              {nameOf(WORK_ORDER_STATE_NAMES, step.toState, locale)}
              {step.assigneeName ? ` · ${t('assignee')}：${step.assigneeName}` : ''}
            </div>
            {step.note && <div style={{ whiteSpace: 'pre-wrap' }}>{step.note}</div>}
            <Photos photos={step.photos} />
          </div>
        ),
      }))}
    />
  );
}

/**
 * A work order: its fields, its timeline and the steps this user may take now (`detail.actions`, as
 * the server says). A refused step (someone acted first) shows the server's reason and reloads.
 */
export function OrderDrawer({ orderId, onClose }: { orderId: number; onClose(): void }) {
  const t = workOrderTexts.useTexts();
  const locale = useLocale();
  const cells = useOrderCells();
  const { http } = useCrud();
  const client = useQueryClient();
  const detail = useOrderDetail(orderId);
  const [asking, setAsking] = useState<WorkOrderAction | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const refresh = () =>
    Promise.all(workOrderLists.map((stale) => client.invalidateQueries({ queryKey: endpointKey(stale) })));

  const send = async (
    action: WorkOrderAction,
    values: { assigneeId: number | null; note: string; photoIds: number[] },
  ): Promise<boolean> => {
    setRefusal(null);
    try {
      await http.call(workOrderEndpoints.act, { body: { orderId, action, ...values } });
      showMessage('SUCCESS', t('acted', { action: actionName(action, locale) }));
      await refresh();
      return true;
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
      setAsking(null);
      await refresh();
      return false;
    }
  };

  const act = async (action: WorkOrderAction, order: WorkOrderRow) => {
    if (askOf(action) !== 'confirm') {
      setAsking(action);
      return;
    }
    const confirmed = await openConfirm({
      title: actionName(action, locale),
      content: t('confirmAct', { action: actionName(action, locale), title: order.title }),
      okText: crudTexts.t('ok'),
      cancelText: crudTexts.t('cancel'),
    });
    if (confirmed) await send(action, { assigneeId: null, note: '', photoIds: [] });
  };

  const data = detail.data;
  const order = data?.order;
  return (
    <Drawer
      open
      title={order ? `${t('detail')} · ${order.orderNo}` : t('detail')}
      size={640}
      onClose={onClose}
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={t('refused')}
          description={refusal}
          closable={{ onClose: () => setRefusal(null) }}
          style={{ marginBottom: 12 }}
        />
      )}
      {detail.isError && <Alert type="error" showIcon title={detail.error.message} />}
      {!data || !order ? (
        detail.isLoading && <Spin />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }} aria-label="actions">
            {data.actions.length === 0 && <span>{t('noActions')}</span>}
            {data.actions.map((action) => (
              <Button
                key={action}
                type={
                  action === 'cancel' || action === 'refuse' || action === 'reject' ? 'default' : 'primary'
                }
                danger={action === 'cancel'}
                onClick={() => void act(action, order)}
              >
                {actionName(action, locale)}
              </Button>
            ))}
          </Space>
          <Descriptions
            column={2}
            size="small"
            bordered
            items={[
              { key: 'orderNo', label: t('orderNo'), children: order.orderNo },
              { key: 'state', label: t('state'), children: cells.state(order) },
              { key: 'title', label: t('title'), children: order.title, span: 2 },
              { key: 'description', label: t('description'), children: order.description, span: 2 },
              { key: 'source', label: t('source'), children: cells.source(order) },
              { key: 'level', label: t('level'), children: cells.level(order) },
              { key: 'project', label: t('project'), children: order.projectName },
              { key: 'device', label: t('device'), children: cells.device(order) },
              { key: 'assignee', label: t('assignee'), children: order.assigneeName ?? '' },
              { key: 'creator', label: t('creator'), children: order.creatorName },
              { key: 'deadline', label: t('deadline'), children: cells.deadline(order) },
              { key: 'createdAt', label: t('createdAt'), children: cells.time(order.createdAt) },
              { key: 'finishedAt', label: t('finishedAt'), children: cells.time(order.finishedAt) },
              { key: 'result', label: t('result'), children: order.result, span: 2 },
            ]}
          />
          <h4 style={{ marginTop: 16 }}>{t('timeline')}</h4>
          <Steps detail={data} />
          {asking && (
            <ActDialog
              order={order}
              action={asking}
              send={(values) => send(asking, values)}
              onClose={() => setAsking(null)}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
