import { DAY_MS } from './calendar';

/**
 * Rounds half away from zero to `decimals` places as on paper: 1.005 → 1.01, -2.675 → -2.68
 * (binary floating point would give 1.00 and -2.67). Never returns -0.
 */
export function roundHalfAwayFromZero(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  const scaled = Math.abs(value) * factor;
  // A nudge of a few units in the last place undoes the representation error (1.005 * 100 = 100.49999999999999).
  const rounded = (Math.sign(value) * Math.round(scaled + scaled * 8 * Number.EPSILON)) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** A span as d.hh:mm:ss (days unbounded, milliseconds dropped): 364 days → '364.00:00:00'. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.floor(Math.max(0, ms) / 1000);
  const days = Math.floor((totalSeconds * 1000) / DAY_MS);
  const rest = totalSeconds - days * 86_400;
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${days}.${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`;
}
