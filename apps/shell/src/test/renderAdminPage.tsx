import type { ReactNode } from 'react';
import { renderWithKit, type FakeServer } from '@cityops/crud/testing';

export type { FakeServer };

/**
 * One administration page with the CRUD kit around it (the kit's own test harness): a signed-in user
 * holding `elements` (button codes), a real query client, the address in memory, calls answered by `server`.
 */
export const renderAdminPage = (ui: ReactNode, server: FakeServer, elements: string[], path = '/admin') =>
  renderWithKit(ui, { server, elements, path });

/** A field of a dialog by its form name (a search form may have a field of the same name). */
export function dialogField(dialog: HTMLElement, name: string): HTMLElement {
  const input = [...dialog.querySelectorAll<HTMLElement>('input, textarea')].find(
    (candidate) => candidate.id === name,
  );
  if (!input) throw new Error(`no field ${name}`);
  return input;
}
