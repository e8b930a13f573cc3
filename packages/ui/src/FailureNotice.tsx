import type { ReactNode } from 'react';
import { Button, theme } from 'antd';
import { ClockCircleFilled, CloseCircleFilled } from '@ant-design/icons';

export interface FailureNoticeProps {
  title: string;
  text: string;
  /** The one way out: its button's text and what it does. */
  action: { label: string; onClick(): void };
  /** A wait that ran out shows a clock; anything else a cross. */
  kind?: 'error' | 'timeout';
}

/**
 * What shows where a page could not: a mark, what happened, and a button out of it. Plain markup and
 * antd's Button only: it ships with the first code of the shell and of each sub-app, and it must show
 * whatever else failed to load (antd's Result would add 30 kB).
 */
export function FailureNotice({ title, text, action, kind = 'error' }: FailureNoticeProps): ReactNode {
  const { token } = theme.useToken();
  const mark = { fontSize: 64, color: kind === 'timeout' ? token.colorWarning : token.colorError };
  return (
    <div role="alert" style={{ padding: '96px 24px', textAlign: 'center' }}>
      {kind === 'timeout' ? <ClockCircleFilled style={mark} /> : <CloseCircleFilled style={mark} />}
      <h2 style={{ fontSize: 24, fontWeight: 500, margin: '24px 0 8px' }}>{title}</h2>
      <p style={{ color: token.colorTextSecondary, margin: '0 0 24px' }}>{text}</p>
      <Button type="primary" onClick={action.onClick}>
        {action.label}
      </Button>
    </div>
  );
}
