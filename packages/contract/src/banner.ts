import { z } from 'zod';
import { corpIdSchema } from './common';

/**
 * The banner image fetch (spec §7), outside BASE_PATH: `GET /bmcs/file/bannerImageChk/{image}` with
 * `checkscene=api-bmcs`, `corpId` and `checkData` = the corpId JSON (docs/decisions/0103).
 */
export const BANNER_IMAGE_PATH = '/bmcs/file/bannerImageChk';
export const BANNER_CHECK_SCENE = 'api-bmcs';
/** A banner file name: letters, digits, `_ . -`, a known image extension; no path separators. */
export const bannerImageNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}\.(png|jpe?g|webp|gif|svg)$/i);
export const bannerImageQuerySchema = z.object({
  checkscene: z.literal(BANNER_CHECK_SCENE),
  corpId: corpIdSchema,
  checkData: z.string().max(256),
});
