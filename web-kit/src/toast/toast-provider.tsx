import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { CloseIcon } from '../dialog/close-icon';
import styles from './toast.module.css';

export type ToastTone = 'info' | 'success' | 'danger';

export interface ToastOptions {
  tone?: ToastTone;
  /** Milliseconds before it goes by itself; 0 keeps it until dismissed. Default 5000. */
  duration?: number;
}

export interface ToastApi {
  /** Shows a message; returns its id for an early `dismiss`. */
  show: (message: string, options?: ToastOptions) => string;
  dismiss: (id: string) => void;
}

interface ToastItem {
  id: string;
  message: string;
  tone: ToastTone;
  duration: number;
}

const ToastContext = createContext<ToastApi | null>(null);

export const DEFAULT_TOAST_DURATION = 5000;

/**
 * Holds the toasts of one app and the polite live region that announces them. The region is
 * always in the DOM: screen readers only announce changes to a live region they already know.
 */
export function ToastProvider({
  children,
  dismissLabel = 'Dismiss notification',
}: {
  children: ReactNode;
  dismissLabel?: string;
}) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [paused, setPaused] = useState(false);
  const nextId = useRef(0);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((message: string, options: ToastOptions = {}) => {
    nextId.current += 1;
    const id = `toast-${nextId.current}`;
    const toast: ToastItem = {
      id,
      message,
      tone: options.tone ?? 'info',
      duration: options.duration ?? DEFAULT_TOAST_DURATION,
    };
    setToasts((current) => [...current, toast]);
    return id;
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        className={styles.region}
        role="status"
        aria-live="polite"
        // Reading is slower than five seconds for many people: hovering or focusing holds the queue.
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        {toasts.map((toast) => (
          <ToastView
            key={toast.id}
            toast={toast}
            paused={paused}
            dismissLabel={dismissLabel}
            onDismiss={dismiss}
          />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastView({
  toast,
  paused,
  dismissLabel,
  onDismiss,
}: {
  toast: ToastItem;
  paused: boolean;
  dismissLabel: string;
  onDismiss: (id: string) => void;
}) {
  useEffect(() => {
    if (paused || toast.duration <= 0) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [paused, toast.duration, toast.id, onDismiss]);

  return (
    <div className={[styles.toast, styles[toast.tone]].join(' ')}>
      <p className={styles.message}>{toast.message}</p>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={dismissLabel}
        onClick={() => onDismiss(toast.id)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** The toast API of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToast must be used inside a <ToastProvider>');
  return api;
}
