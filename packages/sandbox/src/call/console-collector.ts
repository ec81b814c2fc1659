import type { ConsoleEntry, ConsoleLevel } from '../sandbox-types';

const LEVELS = new Set<ConsoleLevel>(['log', 'info', 'warn', 'error', 'debug']);

/**
 * Console lines of one call, capped on the host as well as in the isolate (the isolate's count
 * is the script's to tamper with). The cap is in characters.
 */
export class ConsoleCollector {
  readonly entries: ConsoleEntry[] = [];
  truncated = false;
  private used = 0;

  constructor(private readonly maxChars: number) {}

  add(level: unknown, message: unknown, truncatedInIsolate: unknown): void {
    if (typeof message !== 'string') return;
    if (truncatedInIsolate === true) this.truncated = true;
    const room = this.maxChars - this.used;
    if (room <= 0) {
      this.truncated = true;
      return;
    }
    const text = message.length > room ? message.slice(0, room) : message;
    if (text.length < message.length) this.truncated = true;
    this.used += text.length;
    this.entries.push({
      level: LEVELS.has(level as ConsoleLevel) ? (level as ConsoleLevel) : 'log',
      message: text,
    });
  }
}
