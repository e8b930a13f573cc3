import { todayInChina } from '@cityops/contract';

/** An export's file name: the list's name and today in China time, e.g. `登录日志-20261123`. */
export const datedFileName = (name: string, now: Date) => `${name}-${todayInChina(now).replaceAll('-', '')}`;
