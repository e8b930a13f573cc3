import { Alert, Button, Card, Descriptions, Empty, Flex, Table, Tag, Typography } from 'antd';
import { PlayCircleOutlined, PoweroffOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { chinaDateTime, type PluginControlState, type PluginHello } from '@cityops/contract';
import { showMessage } from '@cityops/ui';
import type { PluginAccess } from '../pluginProbe';
import { usePluginAction, usePluginState } from '../queries';

/** How to start the plug-in from this repository, and its Linux URL-scheme installer (plugin/README.md). */
export const PLUGIN_START_COMMANDS = ['npm run start -w @cityops/video-plugin', 'make plugin'] as const;
export const PLUGIN_LINUX_INSTALLER = 'plugin/install-linux.sh';

type PlugState = 'checking' | 'running' | 'notFound' | 'starting';

function Controls({ controls }: { controls: PluginControlState[] }) {
  const { t } = useTranslation();
  if (controls.length === 0) return <Empty description={t('plug.noControls')} />;
  return (
    <Flex vertical gap={12}>
      {controls.map((control) => (
        <Card
          key={control.controlId}
          size="small"
          title={t('plug.control', { id: control.controlId })}
          extra={
            <Flex gap={4}>
              <Tag color={control.visible ? 'success' : 'default'}>
                {control.visible ? t('plug.visible') : t('plug.hidden')}
              </Tag>
              <Tag color={control.initialised ? 'processing' : 'default'}>
                {control.initialised ? t('plug.initialised') : t('plug.notInitialised')}
              </Tag>
            </Flex>
          }
        >
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('plug.rect')}: {control.rect.left}, {control.rect.top} · {control.rect.width}×
            {control.rect.height}
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="wndId"
            pagination={false}
            aria-label={t('plug.control', { id: control.controlId })}
            dataSource={control.windows}
            columns={[
              { title: t('plug.window'), dataIndex: 'wndId' },
              {
                title: t('plug.camera'),
                dataIndex: 'cameraIndexCode',
                render: (code?: string) => code ?? '—',
              },
              {
                title: t('plug.windowState'),
                dataIndex: 'state',
                render: (state: 'idle' | 'playing' | 'error') => (
                  <Tag color={state === 'playing' ? 'success' : state === 'error' ? 'error' : 'default'}>
                    {t(
                      state === 'playing'
                        ? 'plug.windowPlaying'
                        : state === 'error'
                          ? 'plug.windowError'
                          : 'plug.windowIdle',
                    )}
                  </Tag>
                ),
              },
              {
                title: '',
                key: 'activity',
                render: (_: unknown, row: PluginControlState['windows'][number]) => (
                  <Flex gap={4}>
                    {row.recording && <Tag color="red">{t('plug.recording')}</Tag>}
                    {row.talking && <Tag color="blue">{t('plug.talking')}</Tag>}
                  </Flex>
                ),
              },
            ]}
          />
        </Card>
      ))}
    </Flex>
  );
}

function Facts({ hello, state }: { hello: PluginHello | null; state: PlugState }) {
  const { t } = useTranslation();
  const stateText = {
    checking: t('plug.checking'),
    running: t('plug.stateRunning'),
    notFound: t('plug.stateNotFound'),
    starting: t('plug.stateStarting'),
  }[state];
  const color = { checking: 'processing', running: 'success', notFound: 'warning', starting: 'processing' }[
    state
  ];
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={t('plug.state')}>
        <Tag color={color} data-testid="plug-state">
          {stateText}
        </Tag>
      </Descriptions.Item>
      {hello && (
        <>
          <Descriptions.Item label={t('plug.name')}>{hello.name}</Descriptions.Item>
          <Descriptions.Item label={t('plug.version')}>{hello.version}</Descriptions.Item>
          <Descriptions.Item label={t('plug.port')}>{hello.port}</Descriptions.Item>
          <Descriptions.Item label={t('plug.pid')}>{hello.pid}</Descriptions.Item>
          <Descriptions.Item label={t('plug.startedAt')}>{chinaDateTime(hello.startedAt)}</Descriptions.Item>
        </>
      )}
    </Descriptions>
  );
}

const code = (text: string) => (
  <Typography.Text code copyable>
    {text}
  </Typography.Text>
);

/**
 * /plug (public): the desktop video plug-in on this computer: whether it runs, its name, version,
 * port, process and start time, the controls pages have open in it with their windows; restart it,
 * start it by its URL scheme, and how to install it.
 */
export function PlugPage({ access = {} }: { access?: PluginAccess }) {
  const { t } = useTranslation();
  const probe = usePluginState(access);
  const action = usePluginAction(access);
  const hello = probe.data ?? null;
  const state: PlugState = action.isPending
    ? 'starting'
    : probe.isFetching
      ? 'checking'
      : hello
        ? 'running'
        : 'notFound';

  const restart = (port: number) =>
    action.mutate(
      { restart: port },
      {
        onSuccess: (next) =>
          showMessage(next ? 'SUCCESS' : 'FAIL', t(next ? 'plug.restarted' : 'plug.restartFailed')),
        onError: (error) => showMessage('FAIL', error.message || t('plug.restartFailed')),
      },
    );
  const start = () =>
    action.mutate('start', {
      onSuccess: (next) => {
        if (!next) showMessage('FAIL', t('video.plugin.startFailed'));
      },
    });

  return (
    <main style={{ maxWidth: 860, margin: '0 auto', padding: 24 }}>
      <Typography.Title level={3}>{t('plug.title')}</Typography.Title>
      <Flex vertical gap={16}>
        <Typography.Paragraph>{t('plug.intro')}</Typography.Paragraph>
        <Card
          title={t('plug.status')}
          extra={
            <Flex gap={8} wrap>
              <Button
                icon={<ReloadOutlined />}
                loading={probe.isFetching}
                disabled={action.isPending}
                onClick={() => void probe.refetch()}
              >
                {t('plug.recheck')}
              </Button>
              {hello ? (
                <Button
                  icon={<PoweroffOutlined />}
                  loading={action.isPending}
                  onClick={() => restart(hello.port)}
                >
                  {t('plug.restart')}
                </Button>
              ) : (
                <Button
                  type="primary"
                  icon={<PlayCircleOutlined />}
                  loading={action.isPending}
                  disabled={probe.isFetching}
                  onClick={start}
                >
                  {t('plug.start')}
                </Button>
              )}
            </Flex>
          }
        >
          <Flex vertical gap={12}>
            {state === 'starting' ? (
              <Alert type="info" title={t('plug.starting')} />
            ) : state === 'checking' ? (
              <Alert type="info" title={t('plug.checking')} />
            ) : hello ? (
              <Alert type="success" title={t('plug.detected')} />
            ) : (
              <Alert type="warning" title={t('plug.notDetected')} description={t('plug.notDetectedHelp')} />
            )}
            <Facts hello={hello} state={state} />
          </Flex>
        </Card>
        {hello && (
          <Card title={t('plug.controls')}>
            <Controls controls={hello.controls} />
          </Card>
        )}
        <Card title={t('plug.install')}>
          <Flex vertical gap={8}>
            <Typography.Text>{t('plug.installStart')}</Typography.Text>
            <Flex gap={8} wrap>
              {PLUGIN_START_COMMANDS.map((command) => (
                <span key={command}>{code(command)}</span>
              ))}
            </Flex>
            <Typography.Text>{t('plug.installLinux')}</Typography.Text>
            <span>{code(PLUGIN_LINUX_INSTALLER)}</span>
            <Typography.Text type="secondary">{t('plug.installWindows')}</Typography.Text>
          </Flex>
        </Card>
      </Flex>
    </main>
  );
}
