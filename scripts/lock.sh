#!/usr/bin/env bash
# Regenerates package-lock.json so that `npm ci` (scripts/bootstrap.sh) accepts it, then installs it with npm ci.
# Run this instead of a plain `npm install`; arguments go to npm install (e.g. `bash scripts/lock.sh -D foo`).
#
# Why: packages with native binaries (@swc/core, nx, unrs-resolver, ...) list every platform's build as an
# exact-version optional dependency. When the registry has no such version for another platform, npm install
# drops it silently and writes a lockfile without it; npm ci then tries to resolve the same dependency, fails
# again, and rejects the lockfile ("Missing: @swc/core-darwin-arm64@ from lock file"). This script adds those
# entries the way npm writes optional platform packages (version, os/cpu/libc, optional; integrity when the
# registry has the version), so npm ci sees a complete lockfile and skips them on this platform.
set -euo pipefail
cd "$(dirname "$0")/.."
npm_flags=(--no-audit --no-fund --omit-lockfile-registry-resolved --loglevel=error)

echo "==> npm install --package-lock-only $*" >&2
npm install --package-lock-only "${npm_flags[@]}" "$@" >&2

echo "==> optional platform packages missing from package-lock.json" >&2
NPM_DIR="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")" node - <<'EOF'
const fs = require('node:fs')
const { execFile } = require('node:child_process')
const semver = require(require.resolve('semver', { paths: [process.env.NPM_DIR, process.cwd()] }))
const file = 'package-lock.json'
const lock = JSON.parse(fs.readFileSync(file, 'utf8'))
const pk = lock.packages

const parentOf = (loc) => { const i = loc.lastIndexOf('/node_modules/'); return i >= 0 ? loc.slice(0, i) : '' }
const at = (loc, name) => (loc ? `${loc}/` : '') + `node_modules/${name}`
const target = (loc) => (pk[loc].link ? pk[loc].resolved : loc)
function resolve (from, name) { // Node's lookup: nearest node_modules upwards
  for (let loc = from; ; loc = parentOf(loc)) {
    if (pk[at(loc, name)]) return at(loc, name)
    if (!loc) return null
  }
}
function edges () {
  const out = []
  for (const [loc, e] of Object.entries(pk)) {
    if (e.link) continue
    for (const type of ['dependencies', 'optionalDependencies']) {
      for (const [name, spec] of Object.entries(e[type] || {})) {
        const r = resolve(loc, name)
        const ok = !!r && !!pk[target(r)] &&
          (!semver.validRange(spec) || semver.satisfies(pk[target(r)].version || '0.0.0-0', spec, { loose: true }))
        out.push({ from: loc, name, spec, type, ok })
      }
    }
  }
  return out
}
const npmView = (spec) => new Promise((res) => {
  execFile('npm', ['view', spec, '--json', '--loglevel=silent'], { maxBuffer: 256 << 20 }, (err, stdout) => {
    if (err) return res(null)
    try { const j = JSON.parse(stdout); res(Array.isArray(j) ? j[j.length - 1] : j) } catch { res(null) }
  })
})

async function main () {
  const before = edges()
  const missing = before.filter((e) => !e.ok && e.type === 'optionalDependencies')
  if (!missing.length) return console.error('none')
  const plans = new Map() // lockfile location -> { name, version, from[] }
  for (const m of missing) {
    if (!semver.valid(m.spec)) {
      console.error(`cannot add ${m.name}@${m.spec} (optional dependency of ${m.from || '.'}): not an exact version`)
      process.exitCode = 1
      continue
    }
    if (pk[at(m.from, m.name)]) {
      console.error(`cannot add ${m.name}@${m.spec} (optional dependency of ${m.from || '.'}): ${at(m.from, m.name)} holds another version`)
      process.exitCode = 1
      continue
    }
    let place = at(m.from, m.name) // highest free node_modules below the first one holding another version
    for (let loc = parentOf(m.from); m.from; loc = parentOf(loc)) {
      if (pk[at(loc, m.name)] || (plans.has(at(loc, m.name)) && plans.get(at(loc, m.name)).version !== m.spec)) break
      place = at(loc, m.name)
      if (!loc) break
    }
    if (plans.has(place) && plans.get(place).version !== m.spec) place = at(m.from, m.name)
    if (!plans.has(place)) plans.set(place, { name: m.name, version: m.spec, from: [] })
    plans.get(place).from.push(m.from)
  }
  // one `npm view` per package (its latest manifest and list of versions), a second one only if the version exists
  const info = new Map()
  const queue = [...new Set([...plans.values()].map((p) => p.name))]
  await Promise.all(Array.from({ length: 12 }, async () => {
    while (queue.length) {
      const name = queue.pop()
      const latest = await npmView(name)
      const versions = new Set(latest ? [].concat(latest.versions || [], latest.version || []) : [])
      info.set(name, { latest, versions })
    }
  }))
  for (const [place, p] of plans) {
    const { latest, versions } = info.get(p.name)
    const exact = versions.has(p.version) ? await npmView(`${p.name}@${p.version}`) : null
    const m = exact || latest || {}
    const entry = { version: p.version }
    if (exact && exact.dist && exact.dist.integrity) entry.integrity = exact.dist.integrity
    for (const k of ['cpu', 'libc', 'os']) if (m[k]) entry[k] = [].concat(m[k])
    if (exact && exact.license) entry.license = exact.license
    entry.optional = true
    if (p.from.every((f) => pk[f] && pk[f].dev)) entry.dev = true
    if (exact && exact.engines) entry.engines = exact.engines
    pk[place] = entry
    console.error(`+ ${place} ${p.version}` + (exact ? ''
      : latest ? ` (not in the registry: no integrity; os/cpu/libc as in ${latest.version})` : ' (package not in the registry)'))
  }
  const okBefore = new Set(before.filter((e) => e.ok).map((e) => `${e.from}\0${e.name}\0${e.type}`))
  const bad = edges().filter((e) => !e.ok && (e.type === 'optionalDependencies' || okBefore.has(`${e.from}\0${e.name}\0${e.type}`)))
  for (const e of bad) console.error(`unresolved: ${e.name}@${e.spec} from ${e.from || '.'}`)
  if (bad.length) process.exit(1)
  fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n')
}
main().catch((e) => { console.error(e); process.exit(1) })
EOF

echo "==> npm install --package-lock-only (npm's own key order and flags for the added entries)" >&2
npm install --package-lock-only "${npm_flags[@]}" >&2

echo "==> npm ci (the frozen install bootstrap.sh does)" >&2
npm ci "${npm_flags[@]}" >&2
