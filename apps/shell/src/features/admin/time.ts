import { chinaDateTime } from '@cityops/contract';

/** A stored moment as the lists show it: `YYYY-MM-DD HH:mm:ss` in China time. */
export const listTime = (iso: string) => chinaDateTime(iso);
