/** The Cockpit tab's clock format, shared by the followers. */
/** Milliseconds-resolution wall time as the Cockpit tab shows it (local time like Bee's lines). */
export function cockpitTime(date = new Date()): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
