/**
 * Counts what an XML parser would build from a part, byte by byte as it inflates, without
 * parsing it: elements, paragraphs (`p`) and runs (`r`) under any namespace prefix, the deepest
 * nesting, the bytes of text, and whether it declares a DOCTYPE (which OOXML never has: a DTD is how entity
 * expansion bombs are made). Linear in the bytes, constant memory.
 *
 * It errs towards counting more: a `<` inside a comment or CDATA section after an early `>`
 * counts as an element. That only matters for a file near the caps, and no Word file is.
 */
export class XmlTally {
  elements = 0;
  paragraphs = 0;
  runs = 0;
  depth = 0;
  maxDepth = 0;
  /** Bytes of character data (between tags): the text the part holds, whitespace included. */
  textBytes = 0;
  doctype = false;

  private state: 'text' | 'open' | 'name' | 'tag' | 'quote' | 'declaration' = 'text';
  private name = '';
  private closing = false;
  private quote = 0;
  private selfClosing = false;
  private declaration = '';

  push(chunk: Uint8Array): void {
    for (const byte of chunk) this.step(byte);
  }

  private step(byte: number): void {
    switch (this.state) {
      case 'text':
        if (byte === LT) this.state = 'open';
        else this.textBytes += 1;
        return;
      case 'open':
        if (byte === SLASH) {
          this.closing = true;
          this.name = '';
          this.state = 'name';
        } else if (byte === BANG || byte === QUESTION) {
          this.declaration = '';
          this.state = 'declaration';
        } else {
          this.closing = false;
          this.name = String.fromCharCode(byte);
          this.state = 'name';
        }
        return;
      case 'name':
        if (isNameEnd(byte)) {
          this.elementNamed();
          this.state = 'tag';
          this.selfClosing = false;
          this.step(byte);
        } else if (this.name.length < MAX_NAME) {
          this.name += String.fromCharCode(byte);
        }
        return;
      case 'tag':
        if (byte === QUOTE || byte === APOSTROPHE) {
          this.quote = byte;
          this.state = 'quote';
        } else if (byte === GT) {
          if (this.selfClosing && !this.closing) this.depth = Math.max(0, this.depth - 1);
          this.state = 'text';
        } else {
          this.selfClosing = byte === SLASH;
        }
        return;
      case 'quote':
        if (byte === this.quote) this.state = 'tag';
        return;
      case 'declaration':
        if (byte === GT) {
          this.state = 'text';
        } else if (this.declaration.length < DOCTYPE.length) {
          this.declaration += String.fromCharCode(byte).toUpperCase();
          if (this.declaration === DOCTYPE) this.doctype = true;
        }
        return;
    }
  }

  private elementNamed(): void {
    if (this.closing) {
      this.depth = Math.max(0, this.depth - 1);
      return;
    }
    this.elements += 1;
    this.depth += 1;
    this.maxDepth = Math.max(this.maxDepth, this.depth);
    const local = this.name.slice(this.name.indexOf(':') + 1);
    if (local === 'p') this.paragraphs += 1;
    else if (local === 'r') this.runs += 1;
  }
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const DOCTYPE = 'DOCTYPE';
/** Longer names are cut: only the local names p and r are compared. */
const MAX_NAME = 64;

function isNameEnd(byte: number): boolean {
  return (
    byte === GT ||
    byte === SLASH ||
    byte === 0x20 ||
    byte === 0x09 ||
    byte === 0x0a ||
    byte === 0x0d
  );
}
