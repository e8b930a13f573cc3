import type { ReactNode } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Select, Space } from 'antd';
import { crudTexts } from './texts.js';

export interface SearchBarProps<Values extends object> {
  /** The filters in force (from the URL state); the form shows them. */
  values: Values;
  onSearch(values: Values): void;
  onReset(): void;
  children: ReactNode;
}

/**
 * The search form above a list: the page's filter fields, 查询 and 重置. It shows the filters in
 * force, so back, forward and a shared link fill it in as well as the table.
 */
export function SearchBar<Values extends object>({
  values,
  onSearch,
  onReset,
  children,
}: SearchBarProps<Values>) {
  const t = crudTexts.useTexts();
  return (
    <Form<Values>
      // A new address (back, forward, reset) brings new values: start the form from them.
      key={JSON.stringify(values)}
      layout="inline"
      initialValues={values}
      onFinish={onSearch}
      role="search"
      style={{ rowGap: 12 }}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('search')}
          </Button>
          <Button onClick={onReset}>{t('reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** A search-bar field choosing one code of a short list (a level, a state), cleared for 全部. */
export function ChoiceFilterItem<Value extends string | number>({
  name,
  label,
  allLabel,
  options,
  width = 120,
}: {
  name: string;
  label: ReactNode;
  allLabel: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  width?: number;
}) {
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear placeholder={allLabel} style={{ width }} options={[...options]} />
    </Form.Item>
  );
}
