import { useId } from 'react';
import { Card, Input, Result, Typography } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findRouteByPath } from '@cityops/contract';

/**
 * Stands in for every page whose component comes later: the sub-app pages (loaded in a frame in a
 * later issue) and the admin area's pages. It says so plainly, and offers a note field that lives as
 * long as the tab does.
 */
export function PagePlaceholder() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const noteId = useId();
  const route = findRouteByPath(pathname);
  if (!route) return null;
  const title = i18n.language === 'en-US' ? route.titleEn : route.title;

  return (
    <Card style={{ margin: 16 }}>
      <Result
        status="info"
        title={title}
        subTitle={
          route.app === 'shell' ? t('placeholder.admin') : t('placeholder.subApp', { app: `/${route.app}` })
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
