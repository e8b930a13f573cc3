import { Button, Space } from 'antd';

/** One action of a table row: a link button, shown only when the user may do it. */
export interface RowAction {
  key: string;
  label: string;
  onClick(): void;
  danger?: boolean;
  /** Usually `!useCan(code)`: the server checks the same code. */
  hidden?: boolean;
}

/** The actions column of a list row (编辑, 删除, …), as every list page shows it. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Space size={0} wrap>
      {actions
        .filter((action) => !action.hidden)
        .map((action) => (
          <Button key={action.key} type="link" size="small" danger={action.danger} onClick={action.onClick}>
            {action.label}
          </Button>
        ))}
    </Space>
  );
}
