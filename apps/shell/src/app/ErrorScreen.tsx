import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import { useRouteError } from 'react-router';
import { i18n } from '@cityops/ui';

/**
 * What the user sees instead of a white screen. Plain i18n.t and plain markup: it must render
 * whatever broke, and it ships in the first bundle, so it stays light (antd's Result is 30 kB).
 */
export function ErrorScreen() {
  return (
    <main role="alert" style={{ padding: '96px 24px', textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 64, color: '#ff4d4f' }} />
      <h1 style={{ fontSize: 24, fontWeight: 500, margin: '24px 0 8px' }}>{i18n.t('error.title')}</h1>
      <p style={{ color: 'rgba(0, 0, 0, 0.45)', margin: '0 0 24px' }}>{i18n.t('error.text')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {i18n.t('error.reload')}
      </Button>
    </main>
  );
}

/** For errors while rendering a route, and route chunks that fail to load (a new release, say). */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error(error);
  return <ErrorScreen />;
}

/** For errors outside the router (the providers themselves). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
