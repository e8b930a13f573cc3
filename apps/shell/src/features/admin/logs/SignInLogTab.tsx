import { Form, Input, Select, Tag } from 'antd';
import {
  logEndpoints,
  logExports,
  signInLogListRequestSchema,
  signInReasonText,
  SIGN_IN_ACTIONS,
  type SignInLogRow,
} from '@cityops/contract';
import { DataTable, SearchBar, useListState, usePageQuery, type CrudColumn } from '@cityops/crud';
import { AgentText, useLocale, zonedTitle } from '@cityops/ui';
import { LogExportButton, selectionOf } from './LogExportButton';
import { actionName } from './names';
import { CommonSearchFields } from './SearchFields';
import { logTexts } from './texts';
import { filterOf, rangeOf, type RangeValue } from './timeRange';
import { formatTime, OutcomeTag } from './cells';

interface Search {
  account?: string;
  outcome?: SignInLogRow['outcome'];
  action?: SignInLogRow['action'];
  ip?: string;
  range?: RangeValue;
}

/** 登录日志: sign-ins, sign-outs and failures with their reason, address and browser. */
export function SignInLogTab() {
  const t = logTexts.useTexts();
  const locale = useLocale();
  const list = useListState(signInLogListRequestSchema);
  const query = usePageQuery(logEndpoints.signInPage, list.state);
  const { state } = list;

  const columns: CrudColumn<SignInLogRow>[] = [
    {
      key: 'time',
      title: zonedTitle(t('time')),
      sortField: 'time',
      render: (_, row) => formatTime(row.time),
    },
    { key: 'account', title: t('account') },
    { key: 'action', title: t('action'), render: (_, row) => actionName(t, row.action) },
    { key: 'outcome', title: t('outcome'), render: (_, row) => <OutcomeTag outcome={row.outcome} /> },
    { key: 'ip', title: t('ip') },
    {
      key: 'userAgent',
      title: t('userAgent'),
      render: (_, row) => <AgentText userAgent={row.userAgent} />,
    },
    {
      key: 'detail',
      title: t('detail'),
      render: (_, row) => (row.detail ? <Tag>{signInReasonText(row.detail, locale)}</Tag> : null),
    },
  ];

  return (
    <>
      <SearchBar<Search>
        values={{
          account: state.account,
          outcome: state.outcome,
          action: state.action,
          ip: state.ip,
          range: rangeOf(state.from, state.to),
        }}
        onSearch={({ range, ...filters }) => list.update({ ...filters, ...filterOf(range) })}
        onReset={list.reset}
      >
        <CommonSearchFields />
        <Form.Item name="action" label={t('action')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 140 }}
            options={SIGN_IN_ACTIONS.map((action) => ({ value: action, label: actionName(t, action) }))}
          />
        </Form.Item>
        <Form.Item name="ip" label={t('ip')}>
          <Input allowClear maxLength={64} style={{ width: 150 }} />
        </Form.Item>
      </SearchBar>
      <DataTable<SignInLogRow>
        tableKey="logManage_signIn"
        rowKey="id"
        columns={columns}
        query={query}
        list={list}
        toolbar={<LogExportButton endpoint={logExports.signIns} selection={selectionOf(state)} />}
      />
    </>
  );
}
