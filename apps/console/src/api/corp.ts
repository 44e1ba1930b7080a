// The corp the console works in: `?corpId=` in the address (kept), else the last one used in this browser.

const KEY = 'console.corpId';
const valid = (id: string | null): id is string => !!id && /^[A-Za-z0-9_-]{1,32}$/.test(id);

export function currentCorpId(): string | null {
  const fromUrl = new URLSearchParams(location.search).get('corpId');
  if (valid(fromUrl)) {
    localStorage.setItem(KEY, fromUrl);
    return fromUrl;
  }
  const kept = localStorage.getItem(KEY);
  return valid(kept) ? kept : null;
}

/** Another corp (or none): kept for this browser, and the address bar no longer names the old one. */
export function rememberCorpId(id: string | null) {
  if (id && valid(id)) localStorage.setItem(KEY, id);
  else localStorage.removeItem(KEY);
  const url = new URL(location.href);
  if (url.searchParams.has('corpId')) {
    if (id) url.searchParams.set('corpId', id);
    else url.searchParams.delete('corpId');
    history.replaceState(history.state, '', url);
  }
}
