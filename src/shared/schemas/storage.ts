import { z } from 'zod';

/** `GET /api/creator/storage`: the bytes of the caller's finished uploads, and how many they may keep. */
export const StorageUsageSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type StorageUsage = z.infer<typeof StorageUsageSchema>;

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;
/** The same units as `Intl` names them, for other languages than English. */
const INTL_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * "1.2 GB", "512 MB", "5 GB": binary units under the names people know, as the upload limits use
 * them (5 MB is 5,242,880 bytes). One decimal below ten of a unit, none above. The refusal of an
 * upload and the studio's meter both print sizes with it, so they read the same. Other languages
 * than English get `Intl`'s units ("5 GB", "5 ГБ").
 */
export function formatBytes(bytes: number, locale = 'en'): string {
  let unit = 0;
  let value = Math.max(0, bytes);
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit > 0 && value < 10 ? 1 : 0;
  if (locale !== 'en') {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: INTL_UNITS[unit], maximumFractionDigits: digits }).format(value);
  }
  // Rounded once, so 1023.96 MB prints as "1,024 MB" and never as "1,024.0".
  const text = value.toLocaleString('en-US', { maximumFractionDigits: digits });
  return `${text} ${unit === 0 && value === 1 ? 'byte' : UNITS[unit]}`;
}
