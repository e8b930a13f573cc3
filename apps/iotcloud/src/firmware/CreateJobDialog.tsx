import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select, Table, Tag } from 'antd';
import {
  deviceEndpoints,
  UPGRADE_JOB_NAME_MAX,
  UPGRADE_TIMEOUT_DEFAULT,
  UPGRADE_TIMEOUT_MAX,
  UPGRADE_TIMEOUT_MIN,
  type DeviceRow,
  type UpgradeRefusal,
} from '@cityops/contract';
import { usePageQuery, usePopupPaging } from '@cityops/crud';
import { showMessage } from '@cityops/ui';
import { contractText, ProductSelect, ProjectSelect, useLocale } from '../assets/shared';
import { useCreateJob, useProductFirmware } from './queries';
import { jobRequest, type JobForm } from './rules';
import { upgradeTexts } from './texts';

/**
 * 创建升级任务: a name, the product, one of its firmware, then the devices: chosen in a table of that
 * product's devices (a changed product clears the choice) or all of them in a project. What the
 * server left out is shown row by row.
 */
export function CreateJobDialog({ onClose }: { onClose(): void }) {
  const t = upgradeTexts.useTexts();
  const locale = useLocale();
  const [form] = Form.useForm<JobForm>();
  const productId = Form.useWatch('productId', form);
  const scope = Form.useWatch('scope', form) ?? 'devices';
  const [chosen, setChosen] = useState<number[]>([]);
  const paging = usePopupPaging();
  const [refused, setRefused] = useState<UpgradeRefusal[] | null>(null);
  const firmware = useProductFirmware(productId);
  const devices = usePageQuery(
    deviceEndpoints.page,
    { pageNum: paging.pageNum, pageSize: paging.pageSize, productId },
    productId !== undefined && scope === 'devices',
  );
  const create = useCreateJob();

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const request = jobRequest(values, chosen);
    if ('problem' in request) {
      const problems = {
        chooseDevices: t('chooseDevices'),
        chooseProject: t('choose', { field: t('project') }),
        chooseFirmware: t('choose', { field: t('firmware') }),
        nameRequired: t('required', { field: t('jobName') }),
      };
      showMessage('WARN', problems[request.problem]);
      return;
    }
    const result = await create.mutateAsync(request.body).catch(() => null);
    if (!result) return;
    showMessage('SUCCESS', contractText('upgrade.created', locale));
    if (result.refused.length > 0) setRefused(result.refused);
    else onClose();
  };

  if (refused)
    return (
      <Modal
        open
        title={t('refusedTitle')}
        onCancel={onClose}
        onOk={onClose}
        cancelButtonProps={{ hidden: true }}
      >
        <Table<UpgradeRefusal>
          size="small"
          rowKey="deviceId"
          pagination={false}
          dataSource={refused}
          columns={[
            { key: 'name', title: t('deviceName'), render: (_, row) => row.name || `#${row.deviceId}` },
            {
              key: 'reason',
              title: t('message'),
              render: (_, row) => contractText(row.reason, locale, row.values),
            },
          ]}
        />
      </Modal>
    );

  return (
    <Modal
      open
      title={t('createJob')}
      width={860}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<JobForm>
        form={form}
        layout="vertical"
        initialValues={{ scope: 'devices', timeoutSeconds: UPGRADE_TIMEOUT_DEFAULT }}
        onValuesChange={(changed: Partial<JobForm>) => {
          if ('productId' in changed) {
            form.setFieldValue('firmwareId', undefined);
            setChosen([]);
            paging.firstPage();
          }
        }}
      >
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
          <Form.Item
            name="name"
            label={t('jobName')}
            rules={[{ required: true, whitespace: true, message: t('required', { field: t('jobName') }) }]}
          >
            <Input showCount maxLength={UPGRADE_JOB_NAME_MAX} />
          </Form.Item>
          <Form.Item name="timeoutSeconds" label={t('timeout')}>
            <InputNumber min={UPGRADE_TIMEOUT_MIN} max={UPGRADE_TIMEOUT_MAX} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="productId"
            label={t('product')}
            rules={[{ required: true, message: t('choose', { field: t('product') }) }]}
          >
            <ProductSelect />
          </Form.Item>
          <Form.Item
            name="firmwareId"
            label={t('firmware')}
            rules={[{ required: true, message: t('choose', { field: t('firmware') }) }]}
          >
            <Select
              disabled={productId === undefined}
              loading={firmware.isLoading}
              options={(firmware.data?.list ?? []).map((row) => ({
                value: row.firmwareId,
                label: row.version,
              }))}
            />
          </Form.Item>
        </div>
        <Form.Item name="scope" label={t('scope')}>
          <Radio.Group
            options={[
              { value: 'devices', label: t('scopeDevices') },
              { value: 'project', label: t('scopeProject') },
            ]}
          />
        </Form.Item>
        {scope === 'project' ? (
          <Form.Item
            name="projectId"
            label={t('project')}
            rules={[{ required: true, message: t('choose', { field: t('project') }) }]}
          >
            <ProjectSelect />
          </Form.Item>
        ) : (
          <>
            <Alert
              type="info"
              showIcon
              message={t('chosen', { count: chosen.length })}
              style={{ marginBottom: 8 }}
            />
            <Table<DeviceRow>
              size="small"
              rowKey="deviceId"
              loading={devices.isFetching}
              dataSource={productId === undefined ? [] : (devices.data?.list ?? [])}
              rowSelection={{
                selectedRowKeys: chosen,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setChosen(keys.map(Number)),
              }}
              pagination={paging.pagination(devices.data?.total ?? 0)}
              columns={[
                { key: 'name', title: t('deviceName'), dataIndex: 'name' },
                { key: 'deviceKey', title: t('deviceKey'), dataIndex: 'deviceKey' },
                { key: 'projectName', title: t('project'), dataIndex: 'projectName' },
                {
                  key: 'online',
                  title: t('state'),
                  render: (_, row) => (
                    <Tag color={row.online ? 'success' : 'default'}>
                      {row.online ? t('online') : t('offline')}
                    </Tag>
                  ),
                },
                { key: 'firmwareVersion', title: t('currentFirmware'), dataIndex: 'firmwareVersion' },
              ]}
            />
          </>
        )}
      </Form>
    </Modal>
  );
}
