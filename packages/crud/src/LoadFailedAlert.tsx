import { Alert, Button } from 'antd';
import { crudTexts } from './texts.js';

/** What a list or tree shows when its data could not be read: the reason and a retry, never an empty table. */
export function LoadFailedAlert({
  query,
}: {
  query: { isError: boolean; error: Error | null; refetch(): unknown };
}) {
  const t = crudTexts.useTexts();
  if (!query.isError) return null;
  return (
    <Alert
      type="error"
      showIcon
      message={t('loadFailed', { reason: query.error?.message ?? '' })}
      action={
        <Button size="small" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      }
    />
  );
}
