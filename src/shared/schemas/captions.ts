import { z } from 'zod';

/**
 * A video slide's captions in one language (docs/product.md, Video): a WebVTT file uploaded with
 * `kind: "captions"`, shown by the player as a `<track>`. `language` is a BCP 47 tag (`en`, `pt-BR`).
 */
export const CaptionSchema = z.object({
  language: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Use a language tag such as en or pt-BR')
    .max(35),
  label: z.string().trim().min(1, 'Give the captions a label').max(80),
  url: z.string().min(1).max(2048),
});
export type Caption = z.infer<typeof CaptionSchema>;
