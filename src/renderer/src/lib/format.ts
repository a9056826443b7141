const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** Local time with milliseconds, e.g. `14:03:22.123`; the date is added when it is not today. */
export function formatReceivedTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
  const sameDay =
    date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  if (sameDay) return time;
  const day = `${monthNames[date.getMonth()]} ${date.getDate()}`;
  return date.getFullYear() === now.getFullYear() ? `${day} ${time}` : `${date.getFullYear()} ${day} ${time}`;
}

/** Full local date and time with milliseconds and the UTC offset, for tooltips and detail. */
export function formatFullTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)} ${zone}`
  );
}

const integerFormat = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return integerFormat.format(value);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MiB`;
}

/** `AB:CD:…:EF:01` → first and last four groups, for a bar that has no room for 95 characters. */
export function shortenFingerprint(fingerprint: string): string {
  const groups = fingerprint.split(':');
  if (groups.length > 8) return `${groups.slice(0, 4).join(':')}…${groups.slice(-4).join(':')}`;
  if (fingerprint.length > 20) return `${fingerprint.slice(0, 8)}…${fingerprint.slice(-8)}`;
  return fingerprint;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A span of time in the largest fitting unit: `850 ms`, `1.5 s`, `90 s`, `12 min`, `2 h 5 min`. */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1_000;
  if (seconds < 10) return `${Number(seconds.toFixed(1))} s`;
  if (seconds < 120) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest === 0 ? '' : ` ${rest} min`}`;
}

/** How long ago, in the largest fitting unit: `just now`, `12 s ago`, `3 min ago`, `2 h 5 min ago`. */
export function formatAge(ms: number): string {
  if (ms < 2_000) return 'just now';
  const seconds = Math.floor(ms / 1_000);
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest === 0 ? '' : ` ${rest} min`} ago`;
}

/** How long until `iso`, seen from `now`: `in 12 s`, `in 3 min 5 s`, `due now`. */
export function formatTimeUntil(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const seconds = Math.ceil((at - now) / 1_000);
  if (seconds <= 0) return 'due now';
  if (seconds < 60) return `in ${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `in ${minutes} min${seconds % 60 === 0 ? '' : ` ${seconds % 60} s`}`;
  return `in ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
