import { useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { alarmCallEndpoints } from '@cityops/contract';
import { usePageQuery } from '@cityops/crud';

const BOX_CHOICES = 50;

/**
 * A box of the user's projects, searched on the server by name or control code (the boxes list of the
 * monitor pages: only for holders of an answering page). The chosen box stays named by its id.
 */
export function BoxSelect({
  projectId,
  ...props
}: Omit<SelectProps<number>, 'options'> & { projectId?: number }) {
  const [keyword, setKeyword] = useState('');
  const boxes = usePageQuery(alarmCallEndpoints.boxes, {
    pageNum: 1,
    pageSize: BOX_CHOICES,
    projectId,
    keyword: keyword || undefined,
  });
  const options = (boxes.data?.list ?? []).map((box) => ({
    value: box.id,
    label: box.controlCode ? `${box.devName} (${box.controlCode})` : box.devName,
  }));
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={boxes.isFetching}
      {...props}
      options={options}
    />
  );
}
