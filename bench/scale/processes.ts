/** The stack's processes, from the pid files stack.sh and the infra scripts write. */
import fs from 'node:fs';
import path from 'node:path';
import type { BenchConfig } from './config';
import type { MeasuredProcess } from './cpu';
import { infraDirs, SERVICES } from './stack';

function pidFrom(file: string): number | undefined {
  if (!fs.existsSync(file)) return undefined;
  const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]!.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function required(name: string, file: string): MeasuredProcess {
  const pid = pidFrom(file);
  if (!alive(pid)) throw new Error(`${name}: no running process in ${file}`);
  return { name, pid };
}

/** Services, then the local infra; an external store or Kafka is listed without a pid. */
export function stackProcesses(config: BenchConfig, runDir: string): MeasuredProcess[] {
  const dirs = infraDirs(config);
  const processes = SERVICES.map((name) => required(name, path.join(runDir, 'pids', `${name}.pid`)));
  if (config.mongoUri) {
    processes.push({ name: 'mongodb (external)', pid: undefined });
  } else {
    processes.push(required('ferretdb', path.join(dirs.ferretDb, 'ferretdb.pid')));
    // Absent on FerretDB's SQLite backend (FERRETDB_BACKEND=sqlite).
    const postmaster = path.join(dirs.ferretDb, 'postgres', 'postmaster.pid');
    if (fs.existsSync(postmaster)) processes.push(required('postgresql', postmaster));
  }
  processes.push(config.kafkaBrokers ? { name: 'kafka (external)', pid: undefined } : required('kafka', path.join(dirs.kafka, 'kafka.pid')));
  return processes;
}

/** Local infra left running on the benchmark's ports (by a run that was killed), which a new run must not wipe. */
export function leftoverInfra(config: BenchConfig): string[] {
  const dirs = infraDirs(config);
  const files = [path.join(dirs.ferretDb, 'ferretdb.pid'), path.join(dirs.ferretDb, 'postgres', 'postmaster.pid'), path.join(dirs.kafka, 'kafka.pid')];
  return files.filter((file) => alive(pidFrom(file)));
}
