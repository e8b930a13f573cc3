import { useState } from 'react';
import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Form, Input, Modal, Table, Tag, Tooltip } from 'antd';
import {
  ALLOWLIST_BUTTONS,
  ALLOWLIST_MAX,
  ALLOWLIST_PAGE,
  allowlistEndpoints,
  allowlistEntryListRequestSchema,
  idFilter,
  parseAllowlistLines,
  type AllowlistAddReport,
  type AllowlistEntry,
  type AllowlistGateway,
  type Page,
} from '@cityops/contract';
import {
  crudTexts,
  DataTable,
  FormDialog,
  endpointKey,
  useCrud,
  useEndpointMutation,
  useListState,
  usePageQuery,
  type CrudColumn,
} from '@cityops/crud';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCan } from '@cityops/ui';
import { contractText, listTime, useLocale } from '../assets/shared';
import { allowlistTexts } from './texts';

/** The entries' list state in the address bar, with the chosen gateway (none at first). */
const entryListSchema = allowlistEntryListRequestSchema.extend({ gatewayId: idFilter });

const lists = [allowlistEndpoints.gateways, allowlistEndpoints.entries];
/** The sync state moves on by itself (a background send, a gateway coming online): read it again. */
const GATEWAYS_REFRESH_MS = 3_000;
const GATEWAY_PAGE_SIZE = 15;

/** 已同步 / 未同步 / 同步失败: reason, as a tag. */
export function SyncState({ gateway }: { gateway: AllowlistGateway }) {
  const t = allowlistTexts.useTexts();
  const locale = useLocale();
  if (gateway.state === 'synced')
    return (
      <Tooltip title={listTime(gateway.syncedAt)}>
        <Tag color="success" data-sync="synced">
          {t('synced')}
        </Tag>
      </Tooltip>
    );
  if (gateway.state === 'pending')
    return (
      <Tag color="default" data-sync="pending">
        {t('pending')}
      </Tag>
    );
  return (
    <Tag color="error" data-sync="failed" style={{ whiteSpace: 'normal' }}>
      {t('failed', { reason: contractText(gateway.lastError, locale) })}
    </Tag>
  );
}

function GatewayList({
  query,
  pageNum,
  chosen,
  onPage,
  onSearch,
  onChoose,
}: {
  query: UseQueryResult<Page<AllowlistGateway>>;
  pageNum: number;
  chosen?: number;
  onPage(pageNum: number): void;
  onSearch(keyword: string): void;
  onChoose(gateway: AllowlistGateway): void;
}) {
  const t = allowlistTexts.useTexts();
  return (
    <Card title={t('gateways')} variant="borderless" style={{ width: 480, flex: 'none' }}>
      <Input.Search
        allowClear
        maxLength={50}
        placeholder={t('search')}
        onSearch={(value) => onSearch(value.trim())}
        style={{ marginBottom: 12 }}
      />
      <Table<AllowlistGateway>
        size="small"
        rowKey="gatewayId"
        loading={query.isLoading}
        dataSource={query.data?.list ?? []}
        pagination={{
          current: pageNum,
          pageSize: GATEWAY_PAGE_SIZE,
          total: query.data?.total ?? 0,
          onChange: onPage,
          showSizeChanger: false,
        }}
        rowClassName={(row) => (row.gatewayId === chosen ? 'ant-table-row-selected' : '')}
        onRow={(row) =>
          ({
            onClick: () => onChoose(row),
            style: { cursor: 'pointer' },
            'data-gateway': row.deviceKey,
          }) as object
        }
        columns={[
          {
            key: 'name',
            title: t('gatewayName'),
            render: (_, row) => (
              <>
                {row.name}{' '}
                <Tag color={row.online ? 'success' : 'default'}>
                  {row.online ? t('online') : t('offline')}
                </Tag>
              </>
            ),
          },
          { key: 'entries', title: t('entries'), dataIndex: 'entries', width: 80 },
          { key: 'state', title: t('syncState'), render: (_, row) => <SyncState gateway={row} /> },
        ]}
      />
    </Card>
  );
}

function AddDialog({ gateway, onClose }: { gateway: AllowlistGateway; onClose(): void }) {
  const t = allowlistTexts.useTexts();
  const crud = crudTexts.useTexts();
  const locale = useLocale();
  const add = useEndpointMutation(
    allowlistEndpoints.add,
    (text: string) => ({ body: { gatewayId: gateway.gatewayId, text } }),
    lists,
  );
  const report = (answer: AllowlistAddReport) => {
    if (answer.refused.length === 0) return;
    Modal.warning({
      title: t('addReport', { added: answer.added, refused: answer.refused.length }),
      width: 640,
      content: (
        <Table
          size="small"
          rowKey="line"
          pagination={false}
          dataSource={answer.refused}
          columns={[
            { key: 'line', title: t('line'), dataIndex: 'line', width: 70 },
            { key: 'address', title: t('address'), dataIndex: 'address', ellipsis: true },
            {
              key: 'reason',
              title: t('reason'),
              render: (_, row) => contractText(row.reason, locale, { max: ALLOWLIST_MAX }),
            },
          ]}
        />
      ),
    });
  };
  return (
    <FormDialog<{ text: string }>
      open
      title={`${t('add')} · ${gateway.name}`}
      successText={crud('created')}
      submit={async ({ text }) => {
        const answer = await add.mutateAsync(text);
        report(answer);
        return answer;
      }}
      onClose={onClose}
      width={640}
    >
      <Form.Item
        name="text"
        label={t('lines')}
        extra={t('addHint', { max: ALLOWLIST_MAX })}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (parseAllowlistLines(value ?? '').length === 0) throw new Error(t('linesRequired'));
            },
          },
        ]}
      >
        <Input.TextArea rows={10} placeholder={'AA:BB:CC:00:11:22,路灯1\n0x1A2B3C\nSN-0001,东门电表,一楼'} />
      </Form.Item>
    </FormDialog>
  );
}

function Entries({ gateway }: { gateway: AllowlistGateway }) {
  const t = allowlistTexts.useTexts();
  const list = useListState(entryListSchema);
  const query = usePageQuery(allowlistEndpoints.entries, { ...list.state, gatewayId: gateway.gatewayId });
  const [adding, setAdding] = useState(false);
  const can = {
    add: useCan(ALLOWLIST_BUTTONS.add),
    delete: useCan(ALLOWLIST_BUTTONS.delete),
    sync: useCan(ALLOWLIST_BUTTONS.sync),
  };
  const remove = useEndpointMutation(
    allowlistEndpoints.delete,
    (ids: number[]) => ({ body: { gatewayId: gateway.gatewayId, ids } }),
    lists,
  );
  const sync = useEndpointMutation(
    allowlistEndpoints.sync,
    () => ({ body: { gatewayId: gateway.gatewayId } }),
    lists,
  );
  const columns: CrudColumn<AllowlistEntry>[] = [
    { key: 'address', title: t('address'), sortField: 'address' },
    { key: 'name', title: t('name') },
    { key: 'remarks', title: t('remarks'), ellipsis: true },
    { key: 'editor', title: t('editor'), defaultHidden: true },
    {
      key: 'createdAt',
      title: t('createdAt'),
      sortField: 'createdAt',
      render: (_, row) => listTime(row.createdAt),
    },
  ];
  return (
    <>
      <DataTable
        tableKey={ALLOWLIST_PAGE}
        rowKey="entryId"
        title={t('entriesOf', { name: gateway.name })}
        columns={columns}
        query={query}
        list={list}
        batchDelete={can.delete ? (ids) => remove.mutateAsync(ids) : undefined}
        toolbar={
          <>
            <SyncState gateway={gateway} />
            {can.add && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('add')}
              </Button>
            )}
            {can.sync && (
              <Button icon={<SyncOutlined />} loading={sync.isPending} onClick={() => sync.mutate(undefined)}>
                {t('sync')}
              </Button>
            )}
          </>
        }
      />
      {adding && <AddDialog gateway={gateway} onClose={() => setAdding(false)} />}
    </>
  );
}

/**
 * 网关白名单: the gateways (type 0701) with their lists' sync state (已同步, 未同步,
 * 同步失败: reason), and the chosen gateway's entries: add pasted lines (each checked, refused ones
 * listed with their reason), delete, and send the whole list now (立即同步). A change is sent at once
 * when the gateway is online, and again when an outdated gateway comes online.
 */
export function AllowlistPage() {
  const t = allowlistTexts.useTexts();
  const { http } = useCrud();
  const choice = useListState(entryListSchema);
  const gatewayId = choice.state.gatewayId;
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const body = { pageNum, pageSize: GATEWAY_PAGE_SIZE, keyword };
  const gateways = useQuery({
    queryKey: endpointKey(allowlistEndpoints.gateways, { body }),
    queryFn: ({ signal }) => http.call(allowlistEndpoints.gateways, { body, signal }),
    refetchInterval: GATEWAYS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  // The chosen gateway as listed now, or as it was when chosen (when the list shows another page).
  const [picked, setPicked] = useState<AllowlistGateway | null>(null);
  const found = gateways.data?.list.find((row) => row.gatewayId === gatewayId);
  const chosen = found ?? (picked?.gatewayId === gatewayId ? picked : null);
  return (
    <Flex gap={16} align="flex-start" style={{ margin: 16 }}>
      <GatewayList
        query={gateways}
        pageNum={pageNum}
        chosen={gatewayId}
        onPage={setPageNum}
        onSearch={(value) => {
          setKeyword(value);
          setPageNum(1);
        }}
        onChoose={(row) => {
          setPicked(row);
          choice.update({ gatewayId: row.gatewayId });
        }}
      />
      <Card variant="borderless" style={{ flex: 1, minWidth: 0 }}>
        {chosen ? <Entries gateway={chosen} /> : <Empty description={t('chooseGateway')} />}
      </Card>
    </Flex>
  );
}
