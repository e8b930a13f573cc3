import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { recordLink, WORK_ORDER_PAGE } from '@cityops/contract';
import { CrudProvider, type ListLocation } from './context.js';
import { useOpenedRecord } from './useOpenedRecord.js';

/** A list page's address bar held in state, as the shell's router or a frame's runtime keeps it. */
function setup(start: string) {
  const seen: string[] = [];
  const opened = vi.fn<(id: number) => void>();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <CrudProvider value={{ http: {} as never, useListLocation: useAddress }}>{children}</CrudProvider>
  );
  let address = start;
  let setAddress: (to: string) => void = () => undefined;
  function useAddress(): ListLocation {
    const [current, set] = useState(address);
    setAddress = (to) => {
      address = to;
      seen.push(to);
      set(to);
    };
    const [pathname = '', search = ''] = current.split('?');
    return { pathname, search: search ? `?${search}` : '', replace: (to) => setAddress(to) };
  }
  renderHook(() => useOpenedRecord(opened), { wrapper });
  return { opened, seen, go: (to: string) => setAddress(to) };
}

describe('useOpenedRecord', () => {
  it('opens the record a message links to, then leaves the list’s own address', () => {
    const link = recordLink(WORK_ORDER_PAGE, 42);
    const { opened, seen, go } = setup(`${link}&tab=dispatched`);
    expect(opened.mock.calls).toEqual([[42]]);
    expect(seen).toEqual(['/omapp/assets/om/omWorkOrder?tab=dispatched']);
    // The list's own changes open nothing; a later message into the page kept alive opens its order.
    act(() => go('/omapp/assets/om/omWorkOrder?tab=all'));
    act(() => go(recordLink(WORK_ORDER_PAGE, 43)));
    expect(opened.mock.calls).toEqual([[42], [43]]);
  });

  it('opens nothing for a list without one, or for an id that is not one', () => {
    expect(setup('/omapp/assets/om/omWorkOrder?tab=all').opened).not.toHaveBeenCalled();
    const bad = setup('/omapp/assets/om/omWorkOrder?open=abc');
    expect(bad.opened).not.toHaveBeenCalled();
    expect(bad.seen).toEqual(['/omapp/assets/om/omWorkOrder']);
  });
});
