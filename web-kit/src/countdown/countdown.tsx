import { useEffect, useRef, useState } from 'react';
import styles from './countdown.module.css';
import { formatCountdown } from './format-countdown';

export interface CountdownProps {
  /** When it reaches 00:00:00 (epoch ms or a Date). */
  deadline: number | Date;
  /** Called once when the deadline passes, e.g. to start a new sale window (SPEC §4). */
  onExpire?: () => void;
  /** Read before the time, e.g. "Sale ends in"; the timer itself is not a live region. */
  label?: string;
  className?: string;
}

/** HH:MM:SS until a deadline, ticking each second. */
export function Countdown({ deadline, onExpire, label, className }: CountdownProps) {
  const end = typeof deadline === 'number' ? deadline : deadline.getTime();
  const [now, setNow] = useState(() => Date.now());
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    setNow(Date.now());
    if (Date.now() >= end) {
      onExpireRef.current?.();
      return;
    }
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= end) {
        clearInterval(timer);
        onExpireRef.current?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [end]);

  const text = formatCountdown(end - now);
  return (
    // role="timer" is not announced on every tick (its implicit aria-live is off).
    <span
      className={[styles.countdown, className].filter(Boolean).join(' ')}
      role="timer"
      aria-label={label ? `${label} ${text}` : undefined}
    >
      {text}
    </span>
  );
}
