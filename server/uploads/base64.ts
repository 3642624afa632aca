import { AppError } from '../errors.ts'

/** API.md: base64 in JSON; a `data:…;base64,` prefix is accepted on input. */
export function decodeBase64(value: string, field: string): Buffer {
  const body = value.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body)) {
    throw new AppError('BAD_REQUEST', `${field} is not valid base64`, { fieldErrors: { [field]: 'Not valid base64' } })
  }
  return Buffer.from(body, 'base64')
}
