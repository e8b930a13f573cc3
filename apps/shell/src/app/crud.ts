import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CrudEnvironment, ListLocation } from '@cityops/crud';
import { http } from './http';

/** The shell's address bar for list pages: the router's location; changes replace the entry. */
function useRouterListLocation(): ListLocation {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const replace = useCallback((to: string) => void navigate(to, { replace: true }), [navigate]);
  return { pathname, search, replace };
}

export const crudEnvironment: CrudEnvironment = { http, useListLocation: useRouterListLocation };
