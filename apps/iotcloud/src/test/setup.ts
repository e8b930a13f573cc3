import '@cityops/ui/testing';
import { beforeAll } from 'vitest';
import { initI18n } from '@cityops/ui';

beforeAll(async () => {
  await initI18n('zh-CN');
});
