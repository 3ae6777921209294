import { useEffect, useRef } from 'react';
import { visuallyHiddenClassName } from '../visually-hidden/visually-hidden';
import styles from './stepper.module.css';

export interface StepperProps {
  /** Step names in order (the 9 builder steps). */
  steps: readonly string[];
  /** 0-based index of the step being filled. */
  current: number;
  /** When given, finished steps become buttons that jump back to that step. */
  onStepSelect?: (index: number) => void;
  /** Names the progress navigation. */
  label?: string;
  className?: string;
}

/** Progress through a multi-step form; the current step carries aria-current="step". */
export function Stepper({
  steps,
  current,
  onStepSelect,
  label = 'Form progress',
  className,
}: StepperProps) {
  const currentName = steps[current] ?? '';
  const listRef = useRef<HTMLOListElement>(null);

  // Where the list scrolls sideways (nine steps rarely fit), keep the current step in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the current step changes.
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector('[aria-current="step"]')?.closest('li');
    if (!list || !item || list.scrollWidth <= list.clientWidth) return;
    const listBox = list.getBoundingClientRect();
    const itemBox = item.getBoundingClientRect();
    const itemStart = itemBox.left - listBox.left + list.scrollLeft;
    list.scrollLeft = Math.max(0, itemStart - (list.clientWidth - itemBox.width) / 2);
  }, [current]);
  return (
    <nav className={[styles.stepper, className].filter(Boolean).join(' ')} aria-label={label}>
      <p className={styles.summary} aria-hidden="true">
        Step {current + 1} of {steps.length}: {currentName}
      </p>
      {/* Focusable because it scrolls sideways on phones (axe scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: see above. */}
      <ol ref={listRef} className={styles.list} tabIndex={0}>
        {steps.map((name, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          const className = [styles.step, state === 'todo' ? null : styles[state]]
            .filter(Boolean)
            .join(' ');
          const content = (
            <>
              <span className={styles.number} aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className={styles.name}>{name}</span>
              {state === 'done' ? (
                <span className={visuallyHiddenClassName}> (completed)</span>
              ) : null}
            </>
          );
          return (
            <li key={name} className={styles.item}>
              {state === 'done' && onStepSelect ? (
                <button type="button" className={className} onClick={() => onStepSelect(index)}>
                  {content}
                </button>
              ) : (
                <span className={className} aria-current={state === 'current' ? 'step' : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
