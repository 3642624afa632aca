/**
 * The webhook SSRF guard (decision 078): address classification, the URL rules, a host name that
 * resolves to loopback, and redirects to private or link-local addresses, each refused.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkWebhookTarget, classifyAddress, postToWebhook, WebhookTargetError } from '#server/webhooks/safe-target.server.ts'

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'unique-local'],
    ['fc12:3456::1', 'unique-local'],
    ['100.64.0.1', 'cgnat'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['198.51.100.7', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind)
  })
  it('172.32.0.1 and 100.128.0.1 are public (just outside the ranges)', () => {
    expect(classifyAddress('172.32.0.1')).toBe('public')
    expect(classifyAddress('100.128.0.1')).toBe('public')
  })
})

const refusedWith = async (p: Promise<unknown>, pattern: RegExp) => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WebhookTargetError)
  expect((error as Error).message).toMatch(pattern)
}

describe('checkWebhookTarget', () => {
  const publicResolver = async () => [{ address: '93.184.216.34', family: 4 }]

  it('accepts https to a public address, any port', async () => {
    const t = await checkWebhookTarget('https://hooks.example.com:8443/in', { allowLoopback: false, resolve: publicResolver })
    expect(t.addresses).toEqual([{ address: '93.184.216.34', family: 4 }])
  })

  it('refuses http, other schemes, credentials and junk', async () => {
    await refusedWith(checkWebhookTarget('http://hooks.example.com/', { allowLoopback: false, resolve: publicResolver }), /scheme http:/)
    await refusedWith(checkWebhookTarget('ftp://hooks.example.com/', { allowLoopback: true, resolve: publicResolver }), /scheme ftp:/)
    await refusedWith(checkWebhookTarget('https://user:pw@hooks.example.com/', { allowLoopback: false, resolve: publicResolver }), /credentials/)
    await refusedWith(checkWebhookTarget('not a url', { allowLoopback: false }), /not a URL/)
  })

  it('refuses a host when ANY of its addresses is not public', async () => {
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]
    await refusedWith(checkWebhookTarget('https://mixed.example.com/', { allowLoopback: false, resolve: mixed }), /10\.0\.0\.7 \(private\)/)
  })

  it('refuses IP literals of private, link-local, loopback and mapped addresses', async () => {
    for (const host of ['10.0.0.1', '169.254.169.254', '127.0.0.1', '[::1]', '[::ffff:192.168.0.1]', '[fd00::1]', '0.0.0.0']) {
      await refusedWith(checkWebhookTarget(`https://${host}/`, { allowLoopback: false }), /resolves to/)
    }
  })

  it('resolves localhost (really, through dns.lookup) to loopback and refuses it when the setting is off', async () => {
    await refusedWith(checkWebhookTarget('https://localhost/hook', { allowLoopback: false }), /localhost resolves to (127\.0\.0\.1|::1) \(loopback\)/)
  })

  it('a host name that resolves to 127.0.0.1 is refused (the resolver is what decides, not the name)', async () => {
    const sneaky = async () => [{ address: '127.0.0.1', family: 4 }]
    await refusedWith(checkWebhookTarget('https://totally-public.example.com/', { allowLoopback: false, resolve: sneaky }), /127\.0\.0\.1 \(loopback\)/)
  })

  it('with the setting on, allows loopback (also over http), but still refuses private and link-local', async () => {
    await expect(checkWebhookTarget('http://127.0.0.1:9/x', { allowLoopback: true })).resolves.toMatchObject({ addresses: [{ address: '127.0.0.1', family: 4 }] })
    await refusedWith(checkWebhookTarget('https://10.0.0.1/', { allowLoopback: true }), /private/)
    await refusedWith(checkWebhookTarget('https://169.254.169.254/', { allowLoopback: true }), /link-local/)
    // http only to loopback, never over the network
    await refusedWith(checkWebhookTarget('http://hooks.example.com/', { allowLoopback: true, resolve: publicResolver }), /http: to a non-loopback/)
  })
})

describe('postToWebhook and redirects', () => {
  let server: Server
  let base = ''
  const hits: string[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '')
      req.resume()
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to')
      if (req.url?.startsWith('/redirect') && to) {
        res.writeHead(307, { location: to })
        res.end()
        return
      }
      if (req.url?.startsWith('/loop')) {
        res.writeHead(302, { location: '/loop' })
        res.end()
        return
      }
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end('ok ' + 'x'.repeat(1000))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  const req = { headers: { 'content-type': 'application/json' }, body: '{}' }

  it('posts to the allowed loopback receiver and keeps only a short excerpt of the answer', async () => {
    const answer = await postToWebhook(`${base}/in`, req, { allowLoopback: true })
    expect(answer.status).toBe(200)
    expect(answer.excerpt.length).toBeLessThanOrEqual(200)
    expect(answer.excerpt.startsWith('ok ')).toBe(true)
  })

  it('refuses the loopback receiver when the setting is off (nothing is sent)', async () => {
    const before = hits.length
    await refusedWith(postToWebhook(`${base}/in`, req, { allowLoopback: false }), /refused scheme http:/)
    await refusedWith(postToWebhook(base.replace('http:', 'https:') + '/in', req, { allowLoopback: false }), /127\.0\.0\.1 \(loopback\)/)
    expect(hits.length).toBe(before)
  })

  it('follows a redirect to another allowed target', async () => {
    const answer = await postToWebhook(`${base}/redirect?to=${encodeURIComponent(`${base}/final`)}`, req, { allowLoopback: true })
    expect(answer).toMatchObject({ status: 200, finalUrl: `${base}/final` })
  })

  it.each(['http://10.0.0.1/steal', 'http://169.254.169.254/latest/meta-data/', 'https://192.168.0.10/', 'http://[fd00::1]/'])(
    'refuses a redirect from the allowed receiver to %s',
    async (target) => {
      await refusedWith(postToWebhook(`${base}/redirect?to=${encodeURIComponent(target)}`, req, { allowLoopback: true, timeoutMs: 2000 }), /resolves to/)
    },
  )

  it('refuses a redirect to a host name that resolves to a private address', async () => {
    const resolve = async (host: string) => (host === 'internal.example.com' ? [{ address: '10.1.2.3', family: 4 }] : [{ address: '127.0.0.1', family: 4 }])
    await refusedWith(postToWebhook(`${base}/redirect?to=${encodeURIComponent('https://internal.example.com/')}`, req, { allowLoopback: true, resolve }), /10\.1\.2\.3 \(private\)/)
  })

  it('stops after 3 redirects', async () => {
    await expect(postToWebhook(`${base}/loop`, req, { allowLoopback: true })).rejects.toThrow(/too many redirects/)
  })

  it('connects to the checked address, whatever the name resolves to later (pinned lookup)', async () => {
    // The name "resolves" (once, at the check) to the receiver's loopback address; no real DNS has it.
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }]
    const port = new URL(base).port
    const answer = await postToWebhook(`http://receiver.invalid:${port}/pinned`, req, { allowLoopback: true, resolve })
    expect(answer.status).toBe(200)
    expect(hits.at(-1)).toBe('/pinned')
  })
})
