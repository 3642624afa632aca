import { imageSize } from 'image-size'
import { AppError } from '../errors.ts'

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024
const IMAGE_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const

/**
 * Checks an uploaded image by its content (magic bytes), its size and its
 * dimensions, whatever the client claims. Returns the real content type.
 */
export function checkImage(
  bytes: Buffer,
  opts: { field: string; maxWidth?: number; maxHeight?: number; maxBytes?: number },
): { contentType: string; width: number; height: number } {
  const max = opts.maxBytes ?? MAX_IMAGE_BYTES
  if (bytes.byteLength > max) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The image is larger than ${Math.round(max / 1024 / 1024)} MB`, {
      fieldErrors: { [opts.field]: 'Image too large' },
    })
  }
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
