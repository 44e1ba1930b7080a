import { COOKIES, GRAY_TAG_VALUE } from '@campaign/contract';
import type { HandlersFor } from '../../platform/http';

/**
 * Gray release (spec §4): a corp flagged gray gets the X-Tag cookie, which routes its users to the gray
 * build of the H5 (GRAY_WEB_DIST) and makes the gray flag 0; a corp taken out of gray loses the cookie.
 */
export function grayHandlers(): HandlersFor<'grayCheck'> {
  return {
    grayCheck: async ({ corp, req, reply }) => {
      const tagged = req.cookies[COOKIES.grayTag] === GRAY_TAG_VALUE;
      if (corp.gray && !tagged) reply.setCookie(COOKIES.grayTag, GRAY_TAG_VALUE, { path: '/', sameSite: 'lax' });
      if (!corp.gray && tagged) reply.clearCookie(COOKIES.grayTag, { path: '/' });
      return { gray: corp.gray };
    },
  };
}
