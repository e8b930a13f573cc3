import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { FailureNotice, i18n } from '@cityops/ui';

/**
 * What the user sees instead of a white screen. Plain i18n.t: it must render whatever broke, outside
 * the providers too.
 */
export function ErrorScreen() {
  return (
    <main>
      <FailureNotice
        title={i18n.t('error.title')}
        text={i18n.t('error.text')}
        action={{ label: i18n.t('error.reload'), onClick: () => window.location.reload() }}
      />
    </main>
  );
}

/**
 * For errors while rendering a route. (A page whose code does not load says so in its own place, with
 * 重试: `pageRoute`.)
 */
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
