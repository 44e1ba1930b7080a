import { configure } from '@testing-library/react';

// A screen's first render (antd, the router) takes seconds on a loaded 2-core machine: wait up to 5 s, not 1.
configure({ asyncUtilTimeout: 5_000 });

/** A refusal as the server sends it: an HTTP status and the envelope's code and message. */
export const refusal = (status: number, code: number, message: string) =>
  new Response(JSON.stringify({ code, data: message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** No permission for this read (the staff member's roles do not cover it). */
export const forbidden = (message = '您的岗位无权执行此操作') => refusal(403, 40301, message);

/** The server could not answer. */
export const broken = () => new Response('bad gateway', { status: 502 });
