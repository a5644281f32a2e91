/** A one-line progress bar with ETA, redrawn in place on a TTY (stderr). */
export class ProgressBar {
  private readonly started = Date.now();
  private done = 0;
  private lastLine = '';

  constructor(
    private readonly total: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly width = 24,
  ) {}

  /** Records `completed` forks so far (counting resumed ones) and what runs next. */
  update(completed: number, label: string, resumedFrom = 0): void {
    this.done = completed;
    const frac = this.total === 0 ? 1 : Math.min(1, completed / this.total);
    const filled = Math.round(frac * this.width);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(this.width - filled)}`;
    const ranHere = completed - resumedFrom;
    const elapsed = Date.now() - this.started;
    const eta = ranHere > 0 ? formatDuration(((this.total - completed) * elapsed) / ranHere) : '?';
    const line = `${bar} ${completed}/${this.total} forks  ETA ${eta}  ${label}`;
    const cols = this.stream.columns ?? 100;
    this.lastLine = line.length > cols - 1 ? `${line.slice(0, cols - 2)}…` : line;
    this.stream.write(`\r\x1b[2K${this.lastLine}`);
  }

  /** Clears the bar (before normal output). */
  finish(): void {
    if (this.lastLine !== '') this.stream.write('\r\x1b[2K');
    this.lastLine = '';
  }

  get completed(): number {
    return this.done;
  }
}

/** `75000` → `1m15s`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
