/**
 * Client-side checks of a chosen picture (SECURITY 19). The server checks again; these give the
 * user a clear message before anything is sent. The type comes from the file's first bytes, never
 * from its name or the type the device claims, so "photo.png" holding text or SVG is refused.
 */

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';
export type FileRefusal = 'empty' | 'tooLarge' | 'notImage' | 'badName';
export type FileCheck = { ok: true; kind: ImageKind } | { ok: false; reason: FileRefusal };

export const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

const ascii = (bytes: Uint8Array, from: number, text: string) =>
  [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0));

export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'webp';
  return null; // SVG, HTML, text, PDF, executables ...
}

/** Blob.arrayBuffer is missing in some older WebViews; FileReader is everywhere. */
function readHead(file: Blob, count: number): Promise<Uint8Array> {
  const head = file.slice(0, count);
  if (typeof head.arrayBuffer === 'function')
    return head.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(head);
  });
}

export async function checkImageFile(file: File, maxBytes: number): Promise<FileCheck> {
  // A name with a path or a parent reference has not come from a plain file picker.
  if (/[/\\]|\.\./.test(file.name) || file.name.includes('\0'))
    return { ok: false, reason: 'badName' };
  if (file.size === 0) return { ok: false, reason: 'empty' };
  if (file.size > maxBytes) return { ok: false, reason: 'tooLarge' };
  let bytes: Uint8Array;
  try {
    bytes = await readHead(file, 12);
  } catch {
    return { ok: false, reason: 'notImage' };
  }
  const kind = sniffImage(bytes);
  return kind ? { ok: true, kind } : { ok: false, reason: 'notImage' };
}
