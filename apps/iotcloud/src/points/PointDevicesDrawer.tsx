import { useState } from 'react';
import { Alert, Button, Drawer, Select, Space, Table, Tag, Typography } from 'antd';
import { productNameOf, type DeviceRow, type PointRow } from '@cityops/contract';
import { confirmAction } from '@cityops/crud';
import { showMessage, useCan } from '@cityops/ui';
import { contractText, useLocale } from '../assets/shared';
import { useMountable, useMountDevices, usePointDevices, useUnmountDevices } from './queries';
import { pointTexts } from './texts';

/** Chooses devices the point may take (of its project, on no point), searched by name, key or code. */
function MountPicker({ point }: { point: PointRow }) {
  const t = pointTexts.useTexts();
  const locale = useLocale();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [open, setOpen] = useState(false);
  const offered = useMountable(point.pointId, keyword, open);
  const mount = useMountDevices();
  const submit = async () => {
    // A refusal is shown by the HTTP client; the choice stays.
    const done = await mount.mutateAsync({ pointId: point.pointId, deviceIds: chosen }).then(
      () => true,
      () => false,
    );
    if (!done) return;
    showMessage('SUCCESS', contractText('point.mounted', locale));
    setChosen([]);
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select<number[]>
        aria-label={t('mountChoose')}
        mode="multiple"
        style={{ flex: 1 }}
        placeholder={t('mountChoose')}
        value={chosen}
        onChange={setChosen}
        onOpenChange={setOpen}
        onFocus={() => setOpen(true)}
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        loading={offered.isFetching}
        options={(offered.data ?? []).map((device) => ({
          value: device.deviceId,
          label: `${device.name} (${device.deviceKey})`,
        }))}
      />
      <Button
        type="primary"
        disabled={chosen.length === 0}
        loading={mount.isPending}
        onClick={() => void submit()}
      >
        {t('mount')}
      </Button>
    </Space.Compact>
  );
}

/**
 * The devices on one point (点位管理): their names, products and states; a holder of the mount button
 * mounts devices of the point's project that are on no point, and takes devices off.
 */
export function PointDevicesDrawer({ point, onClose }: { point: PointRow; onClose(): void }) {
  const t = pointTexts.useTexts();
  const locale = useLocale();
  const canMount = useCan('pointManagement_mount');
  const devices = usePointDevices(point.pointId);
  const unmount = useUnmountDevices();
  const [selected, setSelected] = useState<number[]>([]);
  const unmounted = contractText('point.unmounted', locale);
  const takeOff = async (ids: number[]) => {
    await unmount.mutateAsync(ids);
    setSelected((keys) => keys.filter((key) => !ids.includes(key)));
  };
  return (
    <Drawer
      open
      width={720}
      title={t('devicesOf', { name: `${point.code} ${point.name}` })}
      onClose={onClose}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        {canMount && (
          <>
            <Typography.Text type="secondary">{t('mountHint')}</Typography.Text>
            <MountPicker point={point} />
          </>
        )}
        {devices.isError && <Alert type="error" showIcon message={devices.error.message} />}
        {canMount && (
          <Button
            danger
            disabled={selected.length === 0}
            loading={unmount.isPending}
            onClick={() =>
              void confirmAction({
                content: t('unmountConfirm', { name: t('selectedCount', { count: selected.length }) }),
                action: () => takeOff(selected),
                successText: unmounted,
              })
            }
          >
            {t('unmountSelected')}
          </Button>
        )}
        <Table<DeviceRow>
          rowKey="deviceId"
          size="small"
          loading={devices.isLoading}
          dataSource={devices.data ?? []}
          locale={{ emptyText: t('noDevices') }}
          pagination={false}
          rowSelection={
            canMount
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
              : undefined
          }
          columns={[
            { key: 'name', title: t('deviceName'), dataIndex: 'name' },
            { key: 'deviceKey', title: t('deviceKey'), dataIndex: 'deviceKey' },
            { key: 'productName', title: t('product'), render: (_, row) => productNameOf(row, locale) },
            {
              key: 'online',
              title: t('state'),
              render: (_, row) => (
                <Tag color={row.online ? 'success' : 'default'}>
                  {row.online ? t('online') : t('offline')}
                </Tag>
              ),
            },
            ...(canMount
              ? [
                  {
                    key: 'actions',
                    title: '',
                    render: (_: unknown, row: DeviceRow) => (
                      <a
                        onClick={() =>
                          void confirmAction({
                            content: t('unmountConfirm', { name: row.name }),
                            action: () => takeOff([row.deviceId]),
                            successText: unmounted,
                          })
                        }
                      >
                        {t('unmount')}
                      </a>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Space>
    </Drawer>
  );
}
