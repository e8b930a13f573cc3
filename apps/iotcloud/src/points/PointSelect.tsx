import { Select, type SelectProps } from 'antd';
import { usePointOptions } from './queries';

/** One installation point of the project, by code and name; disabled until a project is chosen. */
export function PointSelect({
  projectId,
  ...props
}: Omit<SelectProps, 'options' | 'loading'> & { projectId: number | null | undefined }) {
  const points = usePointOptions(projectId);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={!projectId}
      {...props}
      loading={points.isLoading && Boolean(projectId)}
      options={(points.data ?? []).map((point) => ({
        value: point.pointId,
        label: `${point.code} ${point.name}`,
      }))}
    />
  );
}
