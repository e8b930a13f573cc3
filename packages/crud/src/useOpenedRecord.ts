import { useEffect, useRef } from 'react';
import { OPEN_RECORD_PARAM } from '@cityops/contract';
import { useCrud } from './context.js';

/**
 * Opens the record a link names (`?open=<id>`, contract recordLink: a message's link to its alarm or
 * order) with `open`, then takes the parameter out of the address so the list's own state stays as it
 * was and the same link opens the record again when followed later (a page kept alive in its tab).
 */
export function useOpenedRecord(open: (id: number) => void) {
  const { useListLocation } = useCrud();
  const { pathname, search, replace } = useListLocation();
  const opener = useRef(open);
  useEffect(() => {
    opener.current = open;
  });
  const named = new URLSearchParams(search).get(OPEN_RECORD_PARAM);
  useEffect(() => {
    if (named === null) return;
    const id = Number(named);
    if (Number.isSafeInteger(id) && id > 0) opener.current(id);
    const rest = new URLSearchParams(search);
    rest.delete(OPEN_RECORD_PARAM);
    const query = rest.toString();
    replace(query ? `${pathname}?${query}` : pathname);
    // Once the parameter is gone `named` is null: a later change of the list's own state opens nothing.
  }, [named, pathname, search, replace]);
}
