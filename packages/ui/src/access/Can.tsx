import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { hasElement, type ElementCode } from './access.js';

/** The current user's element codes; none outside a provider, so a page never shows what it cannot check. */
const AccessContext = createContext<readonly string[]>([]);

export interface AccessProviderProps {
  /** The user's element list (`UserPermissions.elements`); empty while the session loads. */
  elements: readonly string[] | undefined;
  children?: ReactNode;
}

const NONE: readonly string[] = [];

/** Hands the signed-in user's element codes to `useCan` and `<Can>` below it. */
export function AccessProvider({ elements, children }: AccessProviderProps) {
  const value = useMemo(() => elements ?? NONE, [elements]);
  return <AccessContext value={value}>{children}</AccessContext>;
}

/** Whether the current user may do what `code` guards (a button, an element). */
export function useCan(code: ElementCode): boolean {
  return hasElement(useContext(AccessContext), code);
}

export interface CanProps {
  code: ElementCode;
  /** What a user without the code sees instead (nothing by default). */
  fallback?: ReactNode;
  children?: ReactNode;
}

/** Shows its children only to a user who holds `code`. Hiding is convenience; the server enforces. */
export function Can({ code, fallback = null, children }: CanProps) {
  return <>{useCan(code) ? children : fallback}</>;
}
