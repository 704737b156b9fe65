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

/** A service's instances as stack.sh names their pid files: `<name>.pid`, then `<name>-2.pid`, … (SERVICE_REPLICAS). */
function instancesOf(name: string, runDir: string): string[] {
  const pids = path.join(runDir, 'pids');
  const more = fs.existsSync(pids) ? fs.readdirSync(pids).filter((file) => new RegExp(`^${name}-\\d+\\.pid$`).test(file)).map((file) => file.slice(0, -'.pid'.length)) : [];
  return [name, ...more.sort((a, b) => Number(a.slice(name.length + 1)) - Number(b.slice(name.length + 1)))];
}

/** The pid files of the local Kafka: one node's, or each node's of a cluster (KAFKA_NODES). */
function kafkaPidFiles(kafkaDir: string): Array<{ name: string; file: string }> {
  const single = path.join(kafkaDir, 'kafka.pid');
  if (fs.existsSync(single) || !fs.existsSync(kafkaDir)) return [{ name: 'kafka', file: single }];
  const nodes = fs.readdirSync(kafkaDir).filter((d) => /^node-\d+$/.test(d)).sort();
  return nodes.length === 0 ? [{ name: 'kafka', file: single }] : nodes.map((d) => ({ name: `kafka ${d}`, file: path.join(kafkaDir, d, 'kafka.pid') }));
}

/** Services (every instance), then the local infra; an external store or Kafka is listed without a pid. */
export function stackProcesses(config: BenchConfig, runDir: string): MeasuredProcess[] {
  const dirs = infraDirs(config);
  const processes = SERVICES.flatMap((name) => instancesOf(name, runDir).map((instance) => required(instance, path.join(runDir, 'pids', `${instance}.pid`))));
  if (config.mongoUri) {
    processes.push({ name: 'mongodb (external)', pid: undefined });
  } else {
    processes.push(required('ferretdb', path.join(dirs.ferretDb, 'ferretdb.pid')));
    // Absent on FerretDB's SQLite backend (FERRETDB_BACKEND=sqlite).
    const postmaster = path.join(dirs.ferretDb, 'postgres', 'postmaster.pid');
    if (fs.existsSync(postmaster)) processes.push(required('postgresql', postmaster));
  }
  if (config.kafkaBrokers) processes.push({ name: 'kafka (external)', pid: undefined });
  else processes.push(...kafkaPidFiles(dirs.kafka).map(({ name, file }) => required(name, file)));
  return processes;
}

/** Local infra left running on the benchmark's ports (by a run that was killed), which a new run must not wipe. */
export function leftoverInfra(config: BenchConfig): string[] {
  const dirs = infraDirs(config);
  const files = [path.join(dirs.ferretDb, 'ferretdb.pid'), path.join(dirs.ferretDb, 'postgres', 'postmaster.pid'), ...kafkaPidFiles(dirs.kafka).map((k) => k.file)];
  return files.filter((file) => alive(pidFrom(file)));
}
