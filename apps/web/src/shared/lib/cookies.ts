/**
 * `document.cookie` is slow to read (the browser asks its cookie store each time) and one request reads it
 * several times (corpId, isElife, …): the string is read once per task and forgotten at the next microtask.
 * Writing through writeCookie forgets it at once.
 */
let jar: string | null = null;
function cookieString(doc: Document): string {
  if (doc !== globalThis.document) return doc.cookie;
  if (jar === null) {
    jar = doc.cookie;
    queueMicrotask(() => {
      jar = null;
    });
  }
  return jar;
}

export function readCookie(name: string, doc: Document = document): string | undefined {
  for (const part of cookieString(doc).split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, doc: Document = document): void {
  jar = null;
  doc.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
}
