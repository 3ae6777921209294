import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FileDrop } from './file-drop';
import { formatFileSize } from './format-file-size';

function Harness({ progress = null }: { progress?: number | null }) {
  const [file, setFile] = useState<File | null>(null);
  return <FileDrop label="Your resume" file={file} onFileChange={setFile} progress={progress} />;
}

const pdf = () => new File(['x'.repeat(2048)], 'Asha-CV.pdf', { type: 'application/pdf' });

describe('FileDrop', () => {
  it('takes a PDF from the keyboard-reachable input and shows its name and size', async () => {
    render(<Harness />);
    const input = screen.getByLabelText(/Your resume/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.pdf,.doc,.docx');

    await userEvent.upload(input, pdf());

    expect(screen.getByText('Asha-CV.pdf')).toBeVisible();
    expect(screen.getByText('2 KB')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Asha-CV.pdf' }));
    expect(screen.queryByText('Asha-CV.pdf')).toBeNull();
  });

  it('refuses another type with the SPEC message', () => {
    render(<Harness />);
    const input = screen.getByLabelText(/Your resume/);

    // fireEvent, not userEvent.upload: userEvent would drop the file for not matching `accept`.
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] },
    });

    expect(screen.getByText('Please upload a PDF/DOC/DOCX')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('photo.png')).toBeNull();
  });

  it('takes a dropped .docx', () => {
    render(<Harness />);
    const file = new File(['x'], 'cv.docx');
    fireEvent.drop(screen.getByText(/or drop it here/).closest('label') as HTMLElement, {
      dataTransfer: { files: [file] },
    });
    expect(screen.getByText('cv.docx')).toBeVisible();
  });

  it('shows upload progress', () => {
    render(<Harness progress={42} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading… 42%' })).toHaveAttribute(
      'value',
      '42',
    );
  });

  it('formats sizes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
  });
});
