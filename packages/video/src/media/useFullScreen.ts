import { useCallback, useSyncExternalStore, type RefObject } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};

/** Whether `ref`'s element is full screen (following Esc too), and a toggle for it. */
export function useFullScreen(ref: RefObject<HTMLElement | null>) {
  const full = useSyncExternalStore(
    subscribe,
    () => ref.current !== null && document.fullscreenElement === ref.current,
    () => false,
  );
  const enter = useCallback(() => {
    // Browsers refuse without a user gesture or when full screen is disabled: nothing to do then.
    void ref.current?.requestFullscreen?.()?.catch(() => undefined);
  }, [ref]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement === ref.current) void document.exitFullscreen?.()?.catch(() => undefined);
    else enter();
  }, [enter, ref]);
  return { full, toggle, enter };
}
