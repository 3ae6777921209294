import { useEffect, useId, useRef, useState } from 'react';
import styles from './data-table.module.css';

export interface DataTableSearchProps {
  /** The search the view shows now (from the URL). */
  value: string;
  /** Called once typing has paused for `delay` ms, and at once on Enter. */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  /** SPEC §9: 300 ms. */
  delay?: number;
}

/** The server-side search box of a list: what is typed is sent after a 300 ms pause. */
export function DataTableSearch({
  value,
  onSearch,
  label,
  placeholder,
  delay = 300,
}: DataTableSearchProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  // The URL changed under us (Back, a link from the dashboard): show what it holds.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      latest.current(text);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, delay]);

  return (
    <div className={styles.search}>
      <label htmlFor={id} className={styles.searchLabel}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={styles.searchInput}
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            sent.current = text.trim();
            onSearch(text);
          }
        }}
      />
    </div>
  );
}
