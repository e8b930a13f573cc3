import { Activity, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useOutlet } from 'react-router';
import { usePageGenerations } from '../header-actions/refresh';
import { useTabs } from './tabStore';

/**
 * Each page scrolls in its own box. A hidden page is display:none, which loses its scroll offset, so
 * the offset is remembered and put back when the page shows again (Activity re-runs layout effects).
 */
function KeepScroll({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const offset = useRef(0);
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = offset.current;
  }, []);
  return (
    <div
      ref={box}
      onScroll={(event) => {
        offset.current = event.currentTarget.scrollTop;
      }}
      style={{ height: '100%', overflow: 'auto' }}
    >
      {children}
    </div>
  );
}

/**
 * The body: the active tab's page from the router, plus every kept-alive tab's page, mounted and hidden
 * with `<Activity>` so switching back shows it exactly as left. A page leaves the body (and is freed)
 * when its tab closes, when it is not kept alive and loses focus, or when the tab limit drops it.
 */
export function TabPages({ activeCode }: { activeCode: string | null }) {
  const outlet = useOutlet();
  const tabs = useTabs((state) => state.tabs);
  // Elements of the pages left in the background, by tab code. Mutated during render on purpose: it
  // mirrors what is on screen and must not trigger renders of its own.
  const [kept] = useState(() => new Map<string, ReactNode>());
  // The header's refresh remounts the page in view only; kept pages in the background stay as left.
  const generations = usePageGenerations();

  if (activeCode === null) return <>{outlet}</>;
  kept.set(activeCode, outlet);
  const alive = new Set(tabs.filter((tab) => tab.keepAlive).map((tab) => tab.code));
  for (const code of [...kept.keys()]) if (code !== activeCode && !alive.has(code)) kept.delete(code);

  const codes = tabs.map((tab) => tab.code).filter((code) => kept.has(code));
  if (!codes.includes(activeCode)) codes.push(activeCode);
  return (
    <>
      {codes.map((code) => (
        <Activity key={`${code}#${generations[code] ?? 0}`} mode={code === activeCode ? 'visible' : 'hidden'}>
          <KeepScroll>{code === activeCode ? outlet : kept.get(code)}</KeepScroll>
        </Activity>
      ))}
    </>
  );
}
