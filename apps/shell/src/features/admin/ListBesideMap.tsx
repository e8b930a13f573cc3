import type { ReactNode } from 'react';
import styles from './ListBesideMap.module.css';

/**
 * The body of an administration page "with map" (项目管理, 站点管理, 区域管理): what is listed on the
 * left, a map of it on the right that stays in view while the list scrolls (below it on narrow screens).
 */
export function ListBesideMap({
  list,
  map,
  mapLabel,
}: {
  list: ReactNode;
  map: ReactNode;
  mapLabel: string;
}) {
  return (
    <div className={styles.body}>
      <div className={styles.list}>{list}</div>
      <section className={styles.map} aria-label={mapLabel}>
        {map}
      </section>
    </div>
  );
}
