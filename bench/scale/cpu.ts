/** CPU time of processes and their descendants from /proc, as % of one core over a window. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface MeasuredProcess {
  name: string;
  /** undefined: not started by this run (an external server). */
  pid: number | undefined;
}

export interface CpuUse {
  name: string;
  pid: number | undefined;
  /** The executable's name (/proc/<pid>/comm), to show it is the real process and not a wrapper. */
  command: string;
  /** Processes in its tree at the end of the window (PostgreSQL forks one per connection). */
  processes: number;
  percentOfCore: number | undefined;
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

interface Stat {
  ppid: number;
  /** utime + stime + cutime + cstime: its own CPU time and that of its children it has reaped. */
  ticks: number;
}

function readStat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Fields after the command, which is in parentheses and may itself hold spaces or parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  return { ppid: Number(fields[1]), ticks: utime! + stime! + cutime! + cstime! };
}

function allStats(): Map<number, Stat> {
  const stats = new Map<number, Stat>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  return stats;
}

/** The process and every descendant alive now. */
function tree(root: number, stats: Map<number, Stat>): number[] {
  const members = [root];
  for (let i = 0; i < members.length; i++) {
    for (const [pid, stat] of stats) if (stat.ppid === members[i]) members.push(pid);
  }
  return members.filter((pid) => stats.has(pid));
}

function treeTicks(root: number, stats: Map<number, Stat>): number {
  return tree(root, stats).reduce((sum, pid) => sum + stats.get(pid)!.ticks, 0);
}

function command(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '(gone)';
  }
}

/** CPU use of each process tree over `seconds`, measured while nothing is asked of the stack. */
export async function measureCpu(processes: MeasuredProcess[], seconds: number): Promise<CpuUse[]> {
  const before = allStats();
  const started = performance.now();
  await sleep(seconds * 1000);
  const after = allStats();
  const elapsedSeconds = (performance.now() - started) / 1000;
  return processes.map(({ name, pid }) => {
    if (pid === undefined) return { name, pid, command: 'external', processes: 0, percentOfCore: undefined };
    if (!before.has(pid) || !after.has(pid)) throw new Error(`${name} (pid ${pid}) is not running`);
    const ticks = treeTicks(pid, after) - treeTicks(pid, before);
    return { name, pid, command: command(pid), processes: tree(pid, after).length, percentOfCore: (100 * ticks) / CLOCK_TICKS_PER_SECOND / elapsedSeconds };
  });
}

/** CPU seconds a process and its live descendants have used so far (for a before/after difference). */
export function cpuSecondsOf(pid: number): number {
  return treeTicks(pid, allStats()) / CLOCK_TICKS_PER_SECOND;
}

/** The machine's CPU time so far from /proc/stat, in ticks: busy (everything but idle and iowait) and in all. */
export function machineTicks(): { busy: number; total: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

/**
 * CPU seconds of process trees sampled every `intervalMs` (the kernel counts in ticks of 1/CLK_TCK s), so that their
 * use at a moment known only afterwards (a time a service recorded) can be read off. Each sample reads the stat of the
 * trees' processes as last found; the trees are looked up again every `treeEveryMs` (a child that exits meanwhile is
 * counted in its parent's reaped time, one that starts is counted from the next lookup on).
 */
export class CpuSampler {
  private readonly samples: Array<{ at: number; seconds: Record<string, number> }> = [];
  private members = new Map<string, number[]>();
  private lookedUpAt = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly roots: Record<string, number>,
    intervalMs = 10,
    private readonly treeEveryMs = 500,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  /** Each tree's CPU seconds at `at` (ms since the epoch), between the samples around it; the last sample's after it. */
  at(at: number): Record<string, number> {
    this.sample();
    const after = this.samples.findIndex((s) => s.at >= at);
    if (after <= 0) return this.samples[after === 0 ? 0 : this.samples.length - 1]!.seconds;
    const [a, b] = [this.samples[after - 1]!, this.samples[after]!];
    const part = b.at === a.at ? 1 : (at - a.at) / (b.at - a.at);
    return Object.fromEntries(Object.keys(this.roots).map((name) => [name, a.seconds[name]! + part * (b.seconds[name]! - a.seconds[name]!)]));
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private sample(): void {
    const now = Date.now();
    if (now - this.lookedUpAt >= this.treeEveryMs) {
      const stats = allStats();
      this.members = new Map(Object.entries(this.roots).map(([name, pid]) => [name, tree(pid, stats)]));
      this.lookedUpAt = now;
    }
    const seconds = Object.fromEntries([...this.members].map(([name, pids]) => [name, pids.reduce((sum, pid) => sum + (readStat(pid)?.ticks ?? 0), 0) / CLOCK_TICKS_PER_SECOND]));
    // A process gone since the lookup takes its ticks with it until the next lookup counts them in its parent: never let a tree's total fall.
    const last = this.samples.at(-1);
    if (last) for (const name of Object.keys(seconds)) seconds[name] = Math.max(seconds[name]!, last.seconds[name]!);
    this.samples.push({ at: now, seconds });
  }
}
