import { msg } from '#catalog/i18n.ts'
import { AppError } from '../errors.ts'

const stripBase64 = (value: string) => value.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '')

/** The number of bytes `value` decodes to, without decoding it. */
export function decodedBase64Length(value: string): number {
  const body = stripBase64(value)
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0
  return Math.floor((body.length * 3) / 4) - padding
}

/** API.md: base64 in JSON; a `data:…;base64,` prefix is accepted on input. */
export function decodeBase64(value: string, field: string): Buffer {
  const body = stripBase64(value)
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body)) {
    throw new AppError('BAD_REQUEST', `${field} is not valid base64`, { fieldErrors: { [field]: msg('Not valid base64') } })
  }
  return Buffer.from(body, 'base64')
}
