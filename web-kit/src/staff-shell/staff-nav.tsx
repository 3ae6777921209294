import { NavLink } from 'react-router-dom';
import styles from './staff-shell.module.css';
import type { StaffNavItem } from './staff-shell.types';

/** The side navigation's links; NavLink marks the current page with aria-current="page". */
export function StaffNav({
  items,
  label,
  onNavigate,
}: {
  items: readonly StaffNavItem[];
  label: string;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label={label}>
      <ul className={styles.navList}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                [styles.navLink, isActive ? styles.navLinkActive : null].filter(Boolean).join(' ')
              }
              onClick={onNavigate}
            >
              {item.icon ? <span className={styles.navIcon}>{item.icon}</span> : null}
              <span className={styles.navLabel}>{item.label}</span>
              {item.count ? (
                <span className={styles.navCount}>
                  {item.count}
                  {item.countLabel ? (
                    <span className={styles.hidden}> {item.countLabel}</span>
                  ) : null}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
