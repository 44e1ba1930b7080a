import {
  BASE_PATH,
  CLIENT_HEADER,
  CONSOLE_BACKGROUND_HEADER,
  CONSOLE_CSRF_HEADER,
  createClient,
  EndpointError,
  type EndpointName,
  type PayloadOf,
  queryString,
  type RouteMeta,
  routes,
  type UploadName,
} from '@campaign/contract/client';
import { locale, t } from '../shared/i18n';
import { currentCorpId } from './corp';

// The console's shell over the shared request core (@campaign/contract/client http.ts, the H5's too): the
// corp, the user's language and — on a state-changing call — the session's CSRF token; a 401 on a console
// route sends the user to sign-in (the hook router.tsx sets). Envelope, field errors and uploads are the core's.

/** A failed call: the envelope's code and message, the HTTP status, the refused `fields`, the envelope. */
export const ApiError = EndpointError;
export type ApiError = EndpointError;

export type CallArgs<N extends EndpointName> = PayloadOf<N> & {
  signal?: AbortSignal;
  /** A read the page makes by itself (a poll): the server does not count it as the user's activity. */
  background?: boolean;
};

let csrfToken: string | null = null;
/** The session's CSRF token (GET /console/me and each sign-in answer it). */
export function setCsrfToken(token: string | null) {
  csrfToken = token;
}

let onUnauthenticated: () => void = () => {};
/** What a 401 does (the router sends the user to sign-in, keeping where they were). */
export function setUnauthenticatedHandler(fn: () => void) {
  onUnauthenticated = fn;
}

export function endpointUrl(route: RouteMeta, query: object | undefined): string {
  return `${BASE_PATH}${route.path}${queryString(query, { corpId: currentCorpId() ?? undefined })}`;
}

const client = createClient({
  fetch: (...args) => fetch(...args),
  url: (route, args) => endpointUrl(route, args.query as object | undefined),
  headers: (route, args) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': locale,
      [CLIENT_HEADER]: 'console',
    };
    if (route.method !== 'GET' && csrfToken) headers[CONSOLE_CSRF_HEADER] = csrfToken;
    if ((args as { background?: boolean }).background) headers[CONSOLE_BACKGROUND_HEADER] = '1';
    return headers;
  },
  credentials: 'same-origin',
  networkFailed: () => t('request.network'),
  unavailable: (status) => t('request.unavailable', { status }),
  onUnauthenticated: (route) => {
    if (route.access === 'console') onUnauthenticated();
  },
});

/** One call by endpoint name: the envelope's data, or an ApiError. */
export const call = <N extends EndpointName>(name: N, args: CallArgs<N> = {} as CallArgs<N>) =>
  client.call(name, withBody(name, args));

/** A file to an upload route of the table (`upload`): its bytes are the body. */
export const upload = <N extends UploadName>(name: N, file: Blob, args: CallArgs<N> = {} as CallArgs<N>) =>
  client.upload(name, file, args);

/** A download endpoint (`produces`): the file saved under the name the server gives. */
export async function download<N extends EndpointName>(name: N, args: CallArgs<N> = {} as CallArgs<N>): Promise<void> {
  const res = await client.fetchFile(name, args);
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The console always sent a JSON body on a write, `{}` when the call has none (the server expects one). */
function withBody<N extends EndpointName>(name: N, args: CallArgs<N>): CallArgs<N> {
  const a = args as { body?: unknown };
  return a.body === undefined && routes[name].method !== 'GET' ? ({ ...args, body: {} } as CallArgs<N>) : args;
}
