import { useState } from 'react';
import { Select } from 'antd';
import type { z } from 'zod';
import type { DeviceChoice, deviceChoiceQuery, deviceChoiceSchema, Endpoint } from '@cityops/contract';
import { useEndpointQuery } from './queries.js';
import { crudTexts } from './texts.js';

/** A call answering a picker's devices for the shared query. */
export type DeviceChoiceEndpoint = Endpoint<
  typeof deviceChoiceQuery,
  z.ZodUndefined,
  z.ZodArray<typeof deviceChoiceSchema>
>;

export interface DevicePickerProps {
  /** The picker call of the page (`maintenanceEndpoints.devices`, `workOrderEndpoints.devices`). */
  endpoint: DeviceChoiceEndpoint;
  /** Only this project's devices, when the form has chosen one. */
  projectId?: number;
  /** Set by the form item, so its label points at the field. */
  id?: string;
  value?: number;
  onChange?(deviceId: number | undefined): void;
  disabled?: boolean;
  allowClear?: boolean;
}

/**
 * Picks one of the devices the user sees, searching by name, key or control code as they type (the
 * server answers at most DEVICE_CHOICES_MAX). A device given by the form that is not among the
 * answers (an edited record's) is asked for by its id, so it shows its name; one picked from the
 * answers keeps its row and needs no such call.
 */
export function DevicePicker({
  endpoint,
  projectId,
  id,
  value,
  onChange,
  disabled,
  allowClear,
}: DevicePickerProps) {
  const t = crudTexts.useTexts();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<DeviceChoice>();
  // A disabled picker (no project chosen yet) asks nothing.
  const choices = useEndpointQuery(endpoint, { query: { keyword, projectId } }, { enabled: !disabled });
  const answered = choices.data ?? [];
  const known = picked?.deviceId === value ? picked : answered.find((row) => row.deviceId === value);
  const chosen = useEndpointQuery(
    endpoint,
    { query: { deviceId: value } },
    { enabled: value !== undefined && known === undefined },
  );
  const own = known ?? chosen.data?.find((row) => row.deviceId === value);
  const rows = own ? [own, ...answered] : answered;
  const options = [...new Map(rows.map((row) => [row.deviceId, row])).values()].map((row) => ({
    value: row.deviceId,
    label: `${row.name}（${row.deviceKey}）· ${row.projectName}`,
  }));
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={(deviceId: number | undefined) => {
        setPicked(answered.find((row) => row.deviceId === deviceId));
        onChange?.(deviceId);
      }}
      disabled={disabled}
      allowClear={allowClear}
      loading={choices.isFetching}
      placeholder={t('searchDevice')}
      options={options}
    />
  );
}
