import { createContext, useContext, type ReactNode } from 'react';
import type { HttpClient } from '@cityops/client';

/**
 * Where a list page's state lives in the address bar. The shell reads it from its router; a sub-app
 * frame from its own window and the runtime's navigation, which keeps the shell's address in step.
 */
export interface ListLocation {
  pathname: string;
  search: string;
  /** Replaces the current history entry with `path?search`. */
  replace(to: string): void;
}

export interface CrudEnvironment {
  /** The app's HTTP client (the shell's, or the frame's). */
  http: Pick<HttpClient, 'call' | 'download' | 'downloadFile' | 'fetchFile' | 'upload'>;
  /** A hook answering the current location; called by list pages under the app's router. */
  useListLocation(): ListLocation;
}

const CrudContext = createContext<CrudEnvironment | null>(null);

/** Gives every list page below it the HTTP client and the address bar. */
export function CrudProvider({ value, children }: { value: CrudEnvironment; children: ReactNode }) {
  return <CrudContext value={value}>{children}</CrudContext>;
}

export function useCrud(): CrudEnvironment {
  const environment = useContext(CrudContext);
  if (!environment) throw new Error('a list page must sit inside <CrudProvider>');
  return environment;
}
