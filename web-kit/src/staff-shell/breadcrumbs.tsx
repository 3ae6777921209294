import { Link } from 'react-router-dom';
import styles from './staff-shell.module.css';
import type { Crumb } from './staff-shell.types';

/** A trail of links; the last crumb is the current page (aria-current). */
export function Breadcrumbs({ items, label = 'Breadcrumb' }: { items: Crumb[]; label?: string }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label={label} className={styles.crumbs}>
      <ol className={styles.crumbList}>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}-${item.to ?? ''}`} className={styles.crumb}>
              {item.to && !last ? (
                <Link to={item.to}>{item.label}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
