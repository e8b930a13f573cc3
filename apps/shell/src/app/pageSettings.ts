import type { PageSettings } from '@cityops/contract';
import { readPageSettings } from '@cityops/client';

export const pageSettings: PageSettings = readPageSettings();
