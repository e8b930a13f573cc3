import { useId } from 'react';
import { Breadcrumb, Card, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface NotConnectedPageProps {
  /** The page's title in the language in use. */
  title: string;
  /** Where the page sits in the menu, e.g. 智慧路灯 › 单灯控制 › 计划管理; empty when not in a menu. */
  trail: readonly string[];
}

/**
 * Stands in for a page whose feature comes with a later release, in the shell (the admin area) and in
 * every sub-app: it names the page and its place in the menu, says plainly that it is not connected
 * yet, and pretends nothing. Its note field lives as long as the page's tab does.
 */
export function NotConnectedPage({ title, trail }: NotConnectedPageProps) {
  const { t } = useTranslation('ui');
  const noteId = useId();
  return (
    <Card style={{ margin: 16 }}>
      {trail.length > 0 && (
        <nav aria-label={t('notConnected.trail')}>
          <Breadcrumb items={trail.map((name) => ({ title: name }))} />
        </nav>
      )}
      <Result
        status="info"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{title}</h1>}
        subTitle={
          <>
            <Typography.Text strong>{t('notConnected.status')}</Typography.Text>
            <br />
            {t('notConnected.text')}
          </>
        }
      />
      <div style={{ maxWidth: 560, margin: '0 auto' }}>
        <label htmlFor={noteId}>
          <Typography.Text strong>{t('placeholder.note')}</Typography.Text>
        </label>
        <Input.TextArea id={noteId} rows={4} style={{ marginTop: 8 }} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('placeholder.noteHelp')}
        </Typography.Paragraph>
      </div>
    </Card>
  );
}
