import { type AtsCheck, type CheckInput, check, quote } from './checks';
import { findEmail, findPhones } from './contact-patterns';
import { isSideNote } from './side-notes';

/** The checks of how the file is laid out: text layer, columns, headers, images, symbols. */

/** Characters per page below which a page has no usable text layer. */
const MIN_CHARS_PER_PAGE = 80;

export function textLayerCheck({ document, lines, pages }: CheckInput): AtsCheck {
  const chars = lines.reduce((sum, line) => sum + line.text.replace(/\s/gu, '').length, 0);
  const title = 'Readable text';
  if (chars === 0) {
    return check(
      'text-layer',
      title,
      'fail',
      document.images > 0
        ? 'The file holds only images of text, so an ATS reads nothing: export it from your editor as a text PDF or DOCX instead of scanning or saving as a picture.'
        : 'No text could be read from this file, so an ATS sees an empty resume: export it again from your editor as a PDF or DOCX.',
    );
  }
  if (chars < MIN_CHARS_PER_PAGE * pages) {
    return check(
      'text-layer',
      title,
      'fail',
      'Most of this file has no text an ATS can read (it looks scanned or flattened): export it from your editor as a text PDF or DOCX.',
    );
  }
  return check('text-layer', title, 'pass', 'The file has a real text layer an ATS can read.');
}

// Rows with text side by side (not dates or places beside it) that make a table-like layout.
const TABLE_ROWS = 4;
const TABLE_SHARE = 0.25;

export function layoutCheck({ document, lines, sections, columns, running }: CheckInput): AtsCheck {
  const title = 'One-column layout';
  if (document.tables > 0) {
    return check(
      'layout',
      title,
      'fail',
      `The file has ${document.tables === 1 ? 'a table' : `${document.tables} tables`}, which many ATS read cell by cell out of order: put the content in plain paragraphs and bullets.`,
    );
  }
  if (!document.positioned) {
    return check('layout', title, 'pass', 'The text reads as one column of paragraphs.');
  }
  if (columns > 1) {
    return check(
      'layout',
      title,
      'fail',
      `The page is set in ${columns} columns side by side. This check read each column top to bottom, but many ATS read straight across the page and mix the columns’ lines: use a single column.`,
    );
  }
  // The name-and-contact block may sit side by side (name left, details right); below it, text
  // beside text is a table, or labels beside their text.
  const profile = new Set(sections.find((section) => section.kind === 'profile')?.lines ?? []);
  const body = lines.filter((line) => !profile.has(line) && !running.has(line));
  const split = body.filter(
    (line) =>
      line.segments.length > 1 &&
      !line.segments.slice(1).every((segment) => isSideNote(segment.text)) &&
      !isSideNote(line.segments[0]?.text ?? ''),
  );
  if (split.length >= TABLE_ROWS && split.length >= TABLE_SHARE * body.length) {
    return check(
      'layout',
      title,
      'fail',
      'Text sits side by side in columns or a table, so an ATS reads across them and mixes the lines: use a single column.',
    );
  }
  const example = split[0];
  if (split.length >= 2 && example !== undefined) {
    const [left, right] = example.segments;
    return check(
      'layout',
      title,
      'warn',
      `${split.length} lines have text side by side (${quote(left?.text ?? '', 30)} beside ${quote(right?.text ?? '', 30)}) that an ATS may merge into one line: keep only dates or places on the right.`,
    );
  }
  return check('layout', title, 'pass', 'The text reads in one column, top to bottom.');
}

const PAGE_NUMBER = /^(?:page\s?)?\d{1,3}(?:\s?(?:of|\/)\s?\d{1,3})?$/iu;

export function headerFooterCheck({ document, fields, running }: CheckInput): AtsCheck {
  const title = 'Headers and footers';
  if (!document.positioned) {
    if (fields.email === null) {
      return check(
        'header-footer',
        title,
        'warn',
        'Word headers and footers are not read by many ATS (nor by this check): if your contact details are there, move them into the body.',
      );
    }
    return check(
      'header-footer',
      title,
      'pass',
      'Your details are in the body, where an ATS reads.',
    );
  }
  const repeated = [...running].filter(
    (line) => !line.segments.every((s) => PAGE_NUMBER.test(s.text.trim()) || isSideNote(s.text)),
  );
  if (repeated.length === 0) {
    return check(
      'header-footer',
      title,
      'pass',
      'No text repeats in a page header or footer: everything is in the body.',
    );
  }
  const contact = repeated.find(
    (line) => findEmail(line.text) !== null || findPhones(line.text).length > 0,
  );
  if (contact !== undefined) {
    return check(
      'header-footer',
      title,
      'fail',
      `Contact details sit in the page header or footer, repeated on every page (${quote(contact.text)}), which many ATS skip: move them into the body under your name.`,
    );
  }
  return check(
    'header-footer',
    title,
    'warn',
    `A line repeats at the top or bottom of every page (${quote((repeated[0]?.text ?? '').replace(/\s{2,}/gu, ' '))}): an ATS reads it into your text between pages, so keep only page numbers there.`,
  );
}

export function imagesCheck({ document }: CheckInput): AtsCheck {
  const title = 'Images';
  if (document.images === 0) {
    return check('images', title, 'pass', 'No images: everything is text an ATS can read.');
  }
  return check(
    'images',
    title,
    'warn',
    `The file has ${document.images === 1 ? 'an image' : `${document.images} images`}; any text, logo or skill bar inside is invisible to an ATS: write that information as text.`,
  );
}

// Decorative symbols and emoji that some ATS drop or turn into question marks.
const DECORATIVE = /[\u2600-\u26FF\u2700-\u27BF\u{1F300}-\u{1FAFF}\u2190-\u21FF]/gu;

export function symbolsCheck({ lines, icons }: CheckInput): AtsCheck {
  const title = 'Fonts and symbols';
  if (icons > 0) {
    return check(
      'symbols',
      title,
      'fail',
      'Some characters come out unreadable (icon fonts or a font without a text mapping): use a standard font such as Arial, Calibri or Helvetica and plain words instead of icons.',
    );
  }
  const decorative = new Set<string>();
  for (const line of lines) {
    for (const match of line.text.matchAll(DECORATIVE)) {
      decorative.add(match[0]);
      if (decorative.size >= 3) break;
    }
    if (decorative.size >= 3) break;
  }
  if (decorative.size > 0) {
    return check(
      'symbols',
      title,
      'warn',
      `Symbols such as ${[...decorative].join(' ')} may be dropped or garbled by an ATS: use plain bullets (•) and words.`,
    );
  }
  return check('symbols', title, 'pass', 'Standard fonts and characters only.');
}
