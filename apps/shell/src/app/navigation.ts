import { createContext, useContext } from 'react';
import type { NavigateFunction } from 'react-router';

/**
 * Navigation for code outside React (the HTTP client's licence redirect). The router registers
 * itself here when it is created, which keeps the client free of a router import cycle.
 */
let navigator: (path: string) => void = (path) => window.location.assign(path);

export function setNavigator(navigate: (path: string) => void): void {
  navigator = navigate;
}

export function navigateTo(path: string): void {
  navigator(path);
}

/**
 * The router's navigate as the root route (the guard) holds it: the same function for the whole
 * session. `useNavigate()` in a component of a nested route renders that component again on every
 * navigation (its route context changes), which a header, a menu or the tab bar must not pay on each
 * tab switch. Paths given to it are absolute.
 */
export const StableNavigateContext = createContext<NavigateFunction | null>(null);

export function useStableNavigate(): NavigateFunction {
  const navigate = useContext(StableNavigateContext);
  if (!navigate) throw new Error('useStableNavigate is for components under the route guard');
  return navigate;
}
