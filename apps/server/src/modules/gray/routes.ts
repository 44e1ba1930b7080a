import { COOKIES, GRAY_TAG_VALUE, type grayEndpoints, grayFlagFromCookie } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';

/**
 * Gray release (spec §4): a corp flagged gray gets the X-Tag cookie, which routes its users to the gray
 * build of the H5 (GRAY_WEB_DIST) and makes the gray flag 0; a corp taken out of gray loses the cookie.
 */
export function grayHandlers(): HandlersOf<typeof grayEndpoints> {
  return {
    setGrayFlag: async ({ req }) => ({ grayFlag: grayFlagFromCookie(req.cookies[COOKIES.grayTag]) }),
    grayCheck: async ({ corp, req, reply }) => {
      const tagged = req.cookies[COOKIES.grayTag] === GRAY_TAG_VALUE;
      if (corp.gray && !tagged) reply.setCookie(COOKIES.grayTag, GRAY_TAG_VALUE, { path: '/', sameSite: 'lax' });
      if (!corp.gray && tagged) reply.clearCookie(COOKIES.grayTag, { path: '/' });
      return { gray: corp.gray };
    },
  };
}
