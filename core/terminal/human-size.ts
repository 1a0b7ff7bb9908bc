/** Byte counts as people read them: `512 B`, `200.00 KiB`, `1.50 MiB`, `3.20 GiB` (binary units, two decimals). */
const UNITS = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

export function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)} ${UNITS[unit]}`;
}
