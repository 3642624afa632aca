/**
 * Run by `tests/integration/pdf-sandbox.test.ts` in a child process as an unprivileged user
 * (`nobody` when the test runs as root): the server's PDF renderer exactly as the server uses it,
 * which decides about Chromium's sandbox from the process's own uid. It renders one PDF, prints
 * one line `PDF_SANDBOX_CHILD {json}` (its uid, the PDF's first bytes, the browser's pid) and
 * keeps the browser up until its stdin ends, so the test can look at the browser's processes;
 * then it closes the browser and exits.
 */
import { closePdfBrowser, pdfBrowserPid, renderPdf } from '#server/pdf/render.server.ts'

const html = '<!doctype html><html><head><meta charset="utf-8"><title>Sandbox</title></head><body><h1>Rendered inside the sandbox</h1></body></html>'

let report: Record<string, unknown>
try {
  const pdf = await renderPdf(html, { timeoutMs: 30_000 })
  report = { uid: process.getuid?.(), gid: process.getgid?.(), pdfHead: pdf.subarray(0, 5).toString('latin1'), pdfBytes: pdf.byteLength, browserPid: pdfBrowserPid() }
} catch (error) {
  report = { uid: process.getuid?.(), error: error instanceof Error ? (error.stack ?? error.message) : String(error) }
}
process.stdout.write(`PDF_SANDBOX_CHILD ${JSON.stringify(report)}\n`)

// Until the test has looked at the processes (its end of stdin closes), at most a minute.
await new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, 60_000)
  process.stdin.on('end', () => {
    clearTimeout(timer)
    resolve()
  })
  process.stdin.resume()
})
await closePdfBrowser()
process.exit(0)
