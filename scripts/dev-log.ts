/**
 * `npm run dev` prints the gateway's pino JSON lines as text: time, level, message, then the
 * other fields as key=value. A line that is not pino's passes unchanged. The gateway's
 * "portal: …" and "Server listening at …" lines are dropped: in dev the page to open is
 * Vite's, which prints its own URL.
 */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const OMITTED = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

export function formatLogLine(line: string): string | null {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null || typeof entry.level !== 'number') return line;
  const msg = typeof entry.msg === 'string' ? entry.msg : '';
  if (msg.startsWith('portal: ') || msg.startsWith('Server listening at ')) return null;
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const fields = Object.entries(entry)
    .filter(([key]) => !OMITTED.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return [time, (LEVELS[entry.level] ?? String(entry.level)).padEnd(5), msg, ...fields].filter(Boolean).join(' ');
}
