import { z } from 'zod';

/** Mainland mobile number. */
export const mobileSchema = z.string().regex(/^1[3-9]\d{9}$/, { message: 'mobile' });
export const corpIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);
export const actIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const empty = z.object({}).strict();
export const noData = z.null();

/** The logged-in customer as the H5 sees them (never the raw mobile). */
export const sessionUserSchema = z.object({
  corpId: z.string(),
  nuid: z.string(),
  mobileMasked: z.string().nullable(),
  openId: z.string().nullable(),
  loginMethod: z.enum(['ticket', 'otp', 'openid']),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
