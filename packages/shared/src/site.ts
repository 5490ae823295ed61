import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { firstSignupProblem } from './signup-rules.ts';

export const SlideResponseSchema = z.object({
  id: z.string(),
  image: z.string(),
  HeadText: z.string(),
  SubHeaderText: z.string(),
});
export type Slide = z.infer<typeof SlideResponseSchema>;

/** What the public pages may claim about the firm; unset figures are null and never shown. */
export const SiteSettingsSchema = z.object({
  firmName: z.string(),
  supportEmail: z.string(),
  postalAddress: z.string(),
  assetsUnderManagement: z.string().nullable(),
  foundingYear: z.number().int().nullable(),
  /** DD-MM-YYYY, as the privacy policy shows it. */
  policyEffectiveDate: z.string(),
  slides: z.array(SlideResponseSchema),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** Limits the server enforces that the web's forms check before sending, read from its settings. */
export const SiteRulesSchema = z.object({
  /** MIN_DEPOSIT_USD: the smallest deposit the server accepts, in whole dollars. */
  minDepositUsd: z.number().int(),
});
export type SiteRules = z.infer<typeof SiteRulesSchema>;

const SlideSchema = z.object({
  id: z.string().trim().min(1).max(40),
  image: z
    .string()
    .trim()
    .max(500)
    .refine((value) => value.startsWith('/') || value.startsWith('https://'), MESSAGES.siteSlideImage),
  HeadText: z.string().trim().min(1).max(120),
  SubHeaderText: z.string().trim().max(300),
});

export const UpdateSiteSettingsRequestSchema = z.object({
  firmName: z.string().trim().min(1, MESSAGES.siteFirmName).max(80, MESSAGES.siteFirmName),
  supportEmail: z.email({ message: MESSAGES.signupEmail }).max(200),
  postalAddress: z.string().trim().max(300).default(''),
  assetsUnderManagement: z
    .string()
    .trim()
    .max(60)
    .nullish()
    .transform((value) => value || null),
  foundingYear: z
    .number({ message: MESSAGES.siteFoundingYear })
    .int(MESSAGES.siteFoundingYear)
    .min(1800, MESSAGES.siteFoundingYear)
    .max(new Date().getFullYear(), MESSAGES.siteFoundingYear)
    .nullish()
    .transform((value) => value ?? null),
  policyEffectiveDate: z.string().regex(/^\d{2}-\d{2}-\d{4}$/, MESSAGES.sitePolicyDate),
  slides: z.array(SlideSchema).max(6).default([]),
});

export const ForgotPasswordRequestSchema = z.object({
  email: z
    .string({ message: MESSAGES.signupEmail })
    .trim()
    .toLowerCase()
    .max(200)
    .pipe(z.email({ message: MESSAGES.signupEmail })),
});

export const ResetPasswordRequestSchema = z
  .object({
    token: z
      .string({ message: MESSAGES.resetTokenInvalid })
      .trim()
      .min(1, MESSAGES.resetTokenInvalid)
      .max(200),
    password: z.string().max(200).optional().default(''),
    confirmPassword: z.string().max(200).optional().default(''),
  })
  .superRefine((input, ctx) => {
    const problem = firstSignupProblem({
      fullName: 'Any Name',
      userName: 'anyone',
      email: 'any@example.com',
      password: input.password,
      confirmPassword: input.confirmPassword,
    });
    // On the new password, so the form marks the field the rule is about.
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  });
