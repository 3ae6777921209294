import { type ChangeEvent, type DragEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../button/button';
import { visuallyHiddenClassName } from '../visually-hidden/visually-hidden';
import styles from './file-drop.module.css';
import { formatFileSize, hasExtension } from './format-file-size';

export const RESUME_FILE_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
/** SPEC §5 wording, for a missing file as well as a wrong type. */
export const RESUME_FILE_MESSAGE = 'Please upload a PDF/DOC/DOCX';

export interface FileDropProps {
  label: ReactNode;
  /** The chosen file (controlled). */
  file: File | null;
  /** Receives the accepted file, or null when removed or when a wrong type was offered. */
  onFileChange: (file: File | null) => void;
  /** An error from the form, e.g. RESUME_FILE_MESSAGE when submitting without a file. */
  error?: string | null;
  hint?: ReactNode;
  /** Allowed extensions. Default .pdf/.doc/.docx. */
  extensions?: readonly string[];
  /** Shown when a file of another type is chosen or dropped. */
  invalidTypeMessage?: string;
  /** Upload progress 0–100; shows a progress bar while not null. */
  progress?: number | null;
  disabled?: boolean;
  name?: string;
  id?: string;
}

/**
 * A file picker that also takes a dropped file. The native input stays in the tab order
 * (visually hidden), so Enter or Space opens the system picker as usual.
 */
export function FileDrop({
  label,
  file,
  onFileChange,
  error,
  hint,
  extensions = RESUME_FILE_EXTENSIONS,
  invalidTypeMessage = RESUME_FILE_MESSAGE,
  progress = null,
  disabled = false,
  name,
  id,
}: FileDropProps) {
  const generated = useId();
  const inputId = id ?? `file-${generated}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [typeError, setTypeError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const shownError = typeError ?? error ?? null;

  const accept = (candidate: File | undefined) => {
    if (!candidate) return;
    if (!hasExtension(candidate.name, extensions)) {
      setTypeError(invalidTypeMessage);
      onFileChange(null);
      return;
    }
    setTypeError(null);
    onFileChange(candidate);
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    accept(event.target.files?.[0]);
    // Lets the same file be chosen again after a Remove.
    event.target.value = '';
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) accept(event.dataTransfer.files[0]);
  };

  const describedBy = [hintId, shownError ? errorId : null].filter(Boolean).join(' ');
  const typesText = extensions
    .map((extension) => extension.replace('.', '').toUpperCase())
    .join(', ');

  return (
    <div className={styles.fileDrop}>
      <span className={styles.label} id={`${inputId}-label`}>
        {label}
      </span>
      <label
        htmlFor={inputId}
        className={[
          styles.zone,
          dragging ? styles.dragging : null,
          shownError ? styles.invalid : null,
          disabled ? styles.disabled : null,
        ]
          .filter(Boolean)
          .join(' ')}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          id={inputId}
          name={name}
          type="file"
          className={visuallyHiddenClassName}
          accept={extensions.join(',')}
          disabled={disabled}
          aria-labelledby={`${inputId}-label ${inputId}-action`}
          aria-describedby={describedBy}
          aria-invalid={shownError ? true : undefined}
          onChange={onInputChange}
        />
        <UploadIcon />
        <span id={`${inputId}-action`}>
          <span className={styles.action}>{file ? 'Choose another file' : 'Choose a file'}</span> or
          drop it here
        </span>
        <span className={styles.types} id={hintId}>
          {typesText}
          {hint ? <span className={styles.hint}> · {hint}</span> : null}
        </span>
      </label>
      {file ? (
        <div className={styles.chosen}>
          <span className={styles.fileName} title={file.name}>
            {file.name}
          </span>
          <span className={styles.size}>{formatFileSize(file.size)}</span>
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            aria-label={`Remove ${file.name}`}
            onClick={() => {
              setTypeError(null);
              onFileChange(null);
            }}
          >
            Remove
          </Button>
        </div>
      ) : null}
      {shownError ? (
        <p id={errorId} className={styles.error}>
          {shownError}
        </p>
      ) : null}
      {progress === null ? null : (
        <div className={styles.progress}>
          <span id={`${inputId}-progress`}>Uploading… {Math.round(progress)}%</span>
          <progress
            className={styles.bar}
            max={100}
            value={progress}
            aria-labelledby={`${inputId}-progress`}
          />
        </div>
      )}
    </div>
  );
}

function UploadIcon() {
  return (
    <svg
      className={styles.icon}
      width="32"
      height="32"
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M16 21V7m0 0l-5.5 5.5M16 7l5.5 5.5M7 22v3h18v-3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
