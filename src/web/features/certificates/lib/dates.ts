/** A day as the certificate prints it: in UTC, so it is the same date wherever it is read. */
export const longDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long', timeZone: 'UTC' });
