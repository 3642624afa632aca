/**
 * Issue 22 point 4 (decision 020): the PDF renderer keeps Chromium's sandbox when the server is
 * not root. `server/pdf/render.server.ts` turns the sandbox off only for a root process (where
 * Chromium refuses to start with it); the production image runs the server as an unprivileged
 * user, and this is that path: the renderer, as the server uses it, in a child process running
 * as `nobody` (when the test runs as root, as CI does) or as the current user (already not
 * root). It must render a PDF, and every Chromium process must have started without
 * `--no-sandbox` (no silent fallback either): its renderer runs under the sandbox's seccomp
 * filter and, when it can be seen, in user, PID and network namespaces of its own.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { descendantsOf, isChromium, type Descendant } from '#tests/helpers/proc-tree.ts'

const isRoot = process.getuid?.() === 0
const idOf = (flag: '-u' | '-g') => {
  const out = spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' })
  return out.status === 0 ? Number(out.stdout.trim()) : null
}
/** Who the child runs as: `nobody` under root, else the current (non-root) user. */
const runAs = isRoot ? { uid: idOf('-u'), gid: idOf('-g'), name: 'nobody' } : { uid: process.getuid!(), gid: process.getgid!(), name: 'the current user' }
const canRun = runAs.uid !== null && runAs.gid !== null && runAs.uid !== 0

const CHILD = 'tests/helpers/pdf-sandbox-child.ts'
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

interface ChildReport {
  uid?: number
  gid?: number
  pdfHead?: string
  pdfBytes?: number
  browserPid?: number | null
  error?: string
}

let home: string | undefined
let child: ChildProcessWithoutNullStreams | undefined
afterAll(async () => {
  // A failed run: the child and its browser end before their folder is removed.
  if (child && child.exitCode === null && child.signalCode === null) {
    const pids = [child.pid!, ...descendantsOf(child.pid!).map((d) => d.pid)]
    const gone = new Promise((done) => child!.once('exit', done))
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
    await Promise.race([gone, new Promise((done) => setTimeout(done, 5000))])
    await new Promise((done) => setTimeout(done, 200))
  }
  if (home) rmSync(home, { recursive: true, force: true })
})

const statusField = (pid: number, name: string) => new RegExp(`^${name}:\\s+(.*)$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]?.trim()
const namespaceOf = (pid: number, ns: 'user' | 'pid' | 'net') => {
  try {
    return readlinkSync(`/proc/${pid}/ns/${ns}`)
  } catch {
    // Chromium makes its sandboxed processes undumpable: only root may look.
    return null
  }
}

describe('the PDF renderer as a non-root user', () => {
  it.skipIf(!canRun)(`keeps Chromium's sandbox and still renders a PDF (runs as ${runAs.name})`, async () => {
    // A home and temporary folder the child may write (Chromium's profile, crash database, font cache).
    home = mkdtempSync(join(tmpdir(), 'operon-pdf-sandbox-'))
    chmodSync(home, 0o777)
    child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: resolve('.'),
      ...(isRoot ? { uid: runAs.uid!, gid: runAs.gid! } : {}),
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        TMPDIR: home,
        XDG_CONFIG_HOME: join(home, '.config'),
        XDG_CACHE_HOME: join(home, '.cache'),
        NODE_ENV: 'test',
        // The renderer's fallback to `--no-sandbox` is a warning: it shows in the output below.
        LOG_LEVEL: 'warn',
        CHROME_PATH,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')))
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')))
    const exited = new Promise<number | null>((done) => child!.once('exit', (code) => done(code)))

    const report = await new Promise<ChildReport>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no report from the child within 90 s:\n${output}`)), 90_000)
      const check = () => {
        const line = /^PDF_SANDBOX_CHILD (.*)$/m.exec(output)?.[1]
        if (line) {
          clearTimeout(timer)
          done(JSON.parse(line) as ChildReport)
        }
      }
      child!.stdout.on('data', check)
      void exited.then((code) => {
        check()
        fail(new Error(`the child exited (${code}) without a report:\n${output}`))
      })
    })

    // The child is who it should be, and the PDF rendered.
    expect(report.error, output).toBeUndefined()
    expect(report.uid).toBe(runAs.uid)
    expect(report.uid).not.toBe(0)
    expect(report.pdfHead, output).toBe('%PDF-')
    expect(report.pdfBytes).toBeGreaterThan(500)

    // The browser and every process it started: none with --no-sandbox, none as root.
    const chromium: Descendant[] = descendantsOf(child.pid!).filter(isChromium)
    const described = chromium.map((p) => `${p.pid}: ${p.args.slice(0, 4).join(' ')}`).join('\n')
    expect(chromium.map((p) => p.pid), described).toContain(report.browserPid)
    for (const p of chromium) {
      expect(p.args, `${p.pid} was started with --no-sandbox:\n${output}`).not.toContain('--no-sandbox')
      expect(Number(statusField(p.pid, 'Uid')?.split(/\s+/)[0]), `${p.pid} runs as root`).toBe(runAs.uid)
    }
    expect(output, 'the renderer fell back to --no-sandbox').not.toMatch(/could not start with its sandbox/)

    // The sandbox at work in the renderer that printed the page: the seccomp-BPF filter (2), and
    // user, PID and network namespaces other than the browser's.
    const renderers = chromium.filter((p) => p.args.includes('--type=renderer'))
    expect(renderers.length, described).toBeGreaterThan(0)
    for (const r of renderers) {
      expect(statusField(r.pid, 'Seccomp'), `renderer ${r.pid}`).toBe('2')
      expect(statusField(r.pid, 'NoNewPrivs'), `renderer ${r.pid}`).toBe('1')
      for (const ns of ['user', 'pid', 'net'] as const) {
        const browserNs = namespaceOf(report.browserPid!, ns)
        const rendererNs = namespaceOf(r.pid, ns)
        if (isRoot) expect(rendererNs, `renderer ${r.pid}: ${ns} namespace`).not.toBe(browserNs)
        else if (browserNs && rendererNs) expect(rendererNs, `renderer ${r.pid}: ${ns} namespace`).not.toBe(browserNs)
      }
    }

    // The child closes its browser and exits.
    child.stdin.end()
    expect(await exited, output).toBe(0)
    child = undefined
  }, 120_000)
})
