/** Where relative image paths are served from (a CDN in production); empty = same origin. */
const IMAGE_BASE: string = import.meta.env.VITE_IMAGE_BASE ?? '';

/** Display filter `imageUrl`: absolute, data and blob URLs pass through; relative paths get the image base. */
export function imageUrl(path: string | null | undefined, base: string = IMAGE_BASE): string {
  if (!path) return '';
  if (/^(https?:)?\/\//i.test(path) || /^(data|blob):/i.test(path)) return path;
  const trimmedBase = base.replace(/\/+$/, '');
  return `${trimmedBase}${path.startsWith('/') ? '' : '/'}${path}`;
}

export const BANNER_IMAGE_PATH = '/bmcs/file/bannerImageChk';
export const BANNER_CHECK_SCENE = 'api-bmcs';

/**
 * Banner image fetch (spec §7): /bmcs/file/bannerImageChk/{image}?checkscene=api-bmcs&corpId=…&checkData=…
 * where checkData is the corpId JSON, URI-encoded (docs/decisions/0103-banner-check-data.md).
 */
export function bannerImageUrl(image: string, corpId: string, base: string = IMAGE_BASE): string {
  const params = new URLSearchParams({
    checkscene: BANNER_CHECK_SCENE,
    corpId,
    checkData: JSON.stringify({ corpId }),
  });
  return imageUrl(`${BANNER_IMAGE_PATH}/${encodeURIComponent(image)}?${params.toString()}`, base);
}
