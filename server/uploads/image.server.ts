import { imageSize } from 'image-size'
import { AppError } from '../errors.ts'
import { decodeBase64, decodedBase64Length } from './base64.ts'

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024
const IMAGE_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const

type ImageRules = { field: string; maxWidth?: number; maxHeight?: number; maxBytes?: number }

/** API.md: an image is at most 2 MiB decoded; larger is 413, whatever the request's size. */
function assertImageSize(byteLength: number, opts: ImageRules) {
  const max = opts.maxBytes ?? MAX_IMAGE_BYTES
  if (byteLength > max) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The image is larger than ${Math.round(max / 1024 / 1024)} MB`, {
      fieldErrors: { [opts.field]: 'Image too large' },
    })
  }
}

/**
 * A base64 image from a JSON body (REST, tRPC, the page's cropped picture):
 * its decoded size is checked before it is decoded (413), then its content.
 */
export function decodeImage(base64: string, opts: ImageRules): { bytes: Buffer; contentType: string; width: number; height: number } {
  assertImageSize(decodedBase64Length(base64), opts)
  const bytes = decodeBase64(base64, opts.field)
  return { bytes, ...checkImage(bytes, opts) }
}

/**
 * Checks an uploaded image by its content (magic bytes), its size and its
 * dimensions, whatever the client claims. Returns the real content type.
 */
export function checkImage(
  bytes: Buffer,
  opts: ImageRules,
): { contentType: string; width: number; height: number } {
  assertImageSize(bytes.byteLength, opts)
  let info: ReturnType<typeof imageSize> | undefined
  try {
    info = imageSize(bytes)
  } catch {
    info = undefined
  }
  const contentType = info?.type ? IMAGE_TYPES[info.type as keyof typeof IMAGE_TYPES] : undefined
  if (!info || !contentType || !info.width || !info.height) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image must be a JPEG, PNG or WebP picture', {
      fieldErrors: { [opts.field]: 'Unsupported image type' },
    })
  }
  if ((opts.maxWidth && info.width > opts.maxWidth) || (opts.maxHeight && info.height > opts.maxHeight)) {
    throw new AppError('BAD_REQUEST', `The image must be at most ${opts.maxWidth}×${opts.maxHeight} pixels`, {
      fieldErrors: { [opts.field]: 'Image too large' },
    })
  }
  return { contentType, width: info.width, height: info.height }
}
