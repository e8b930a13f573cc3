import { findRouteByCode, ROUTE_TABLE, type Locale } from '@cityops/contract';
import { logTexts, type LogTextKey } from './texts';

type Translate = (key: LogTextKey) => string;

/** An action code in words; a code the page does not know shows as it is. */
export function actionName(t: Translate, code: string): string {
  const key = `action.${code}`;
  return Object.hasOwn(logTexts.bundles['zh-CN'], key) ? t(key as LogTextKey) : code;
}

/** A module code is a page code: its title from the route table; an unknown code shows as it is. */
export function moduleName(code: string, locale: Locale): string {
  const route = findRouteByCode(code);
  if (!route) return code;
  return locale === 'en-US' ? route.titleEn : route.title;
}

/** The administration pages, the modules whose operations are logged, for the module filter. */
export const ADMIN_MODULES = ROUTE_TABLE.filter((route) => route.path.startsWith('/admin/')).map(
  (route) => route.code,
);
