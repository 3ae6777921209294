/*
 * ArrayBuffer.prototype.transferToFixedLength (ES2024) arrived in Node 22; the product runs on
 * Node 20. pdf.js calls it when it loads a page's fonts for the operator list (font names and
 * drawn shapes, see pdf-page-facts.ts); without it that work fails silently. Installed once, only
 * where the method is missing, with the standard's behaviour: the original buffer is detached.
 */
declare global {
  interface ArrayBuffer {
    transferToFixedLength(newLength?: number): ArrayBuffer;
  }
}

function transferToFixedLength(this: ArrayBuffer, newLength = this.byteLength): ArrayBuffer {
  // structuredClone with a transfer list moves the bytes and detaches `this`, as transfer does.
  const moved = structuredClone(this, { transfer: [this] });
  if (newLength === moved.byteLength) return moved;
  const resized = new ArrayBuffer(newLength);
  new Uint8Array(resized).set(new Uint8Array(moved, 0, Math.min(newLength, moved.byteLength)));
  return resized;
}

if (typeof ArrayBuffer.prototype.transferToFixedLength !== 'function') {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value: transferToFixedLength,
  });
}

export {};
