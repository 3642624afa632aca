import { env } from '../env.server.ts'
import { WEB_SESSION_DAYS } from './web-session.server.ts'

/** `__Host-` pins the cookie to this origin over HTTPS; plain name on local HTTP. */
export function sessionCookieName(): string {
  return env().isProduction ? '__Host-operon_session' : 'operon_session'
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie')
  if (!header) return undefined
  for (const part of header.split(';')) {
    const i = part.indexOf('=')
    if (i < 0) continue
    if (part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

export function readSessionToken(request: Request): string | undefined {
  return readCookie(request, sessionCookieName())
}

export function sessionCookieHeader(token: string): string {
  const secure = env().isProduction ? '; Secure' : ''
  return `${sessionCookieName()}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${WEB_SESSION_DAYS * 86400}${secure}`
}

export function clearSessionCookieHeader(): string {
  const secure = env().isProduction ? '; Secure' : ''
  return `${sessionCookieName()}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`
}
