/** Where "home" buttons go until an activity home screen exists (the lead may point it elsewhere). */
export const HOME_PATH = '/login';
/** spec §2: unknown paths without a previous named route end here. */
export const NOT_FOUND_PATH = '/404';
