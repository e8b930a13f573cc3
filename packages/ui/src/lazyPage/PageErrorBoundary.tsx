import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureNotice } from '../FailureNotice.js';

interface State {
  failed: boolean;
  /** Bumped by 重试, so the page mounts anew rather than keep the state that broke it. */
  attempt: number;
}

function PageBroke({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <FailureNotice
      title={t('error.title')}
      text={t('pageError.text')}
      action={{ label: t('pageLoad.retry'), onClick: onRetry }}
    />
  );
}

/**
 * Keeps a page that throws while it shows (a piece of its code that did not load, say) from taking
 * the whole frame down to a white screen: the page's place says so, with 重试.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  private readonly retry = () => this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }));

  override render() {
    if (this.state.failed) return <PageBroke onRetry={this.retry} />;
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}
