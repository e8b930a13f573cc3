import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { FrameState } from './frameStore.js';
import type { SubAppRuntime } from './runtime.js';

export const RuntimeContext = createContext<SubAppRuntime | null>(null);

export function useRuntime(): SubAppRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside <SubAppRoot>');
  return runtime;
}

/** A slice of the frame's state (path, tabs, theme, locale). */
export function useFrame<T>(select: (state: FrameState) => T): T {
  return useStore(useRuntime().store, select);
}

/** Navigation for pages: `navigate('/iotcloud/iot/lamp/plan')`, through the shell's history. */
export function useSubAppNavigate(): SubAppRuntime['navigate'] {
  return useRuntime().navigate;
}
