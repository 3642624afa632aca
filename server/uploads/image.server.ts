import { imageSize } from 'image-size'
import { MAX_IMAGE_BYTES } from '#catalog/fleet.ts'
import { AppError } from '../errors.ts'
import { decodeBase64, decodedBase64Length } from './base64.ts'
import { msg } from '#catalog/i18n.ts'

const IMAGE_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const

type ImageRules = { field: string; maxWidth?: number; maxHeight?: number; maxBytes?: number }

/** API.md: an image is at most 2 MiB decoded; larger is 413, whatever the request's size. */
function assertImageSize(byteLength: number, opts: ImageRules) {
  const max = opts.maxBytes ?? MAX_IMAGE_BYTES
  if (byteLength > max) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The image is larger than ${Math.round(max / 1024 / 1024)} MB`, {
      localized: (t) => t('The image is larger than {size} MB', { size: Math.round(max / 1024 / 1024) }),
      fieldErrors: { [opts.field]: msg('Image too large') },
    })
  }
}

/**
 * A base64 image from a JSON body (REST, tRPC, the page's cropped picture):
 * its decoded size is checked before it is decoded (413), then its content,
 * then it is re-encoded without its metadata (`reencodeImage`).
 */
export async function decodeImage(base64: string, opts: ImageRules): Promise<{ bytes: Buffer; contentType: string; width: number; height: number }> {
  assertImageSize(decodedBase64Length(base64), opts)
  return reencodeImage(decodeBase64(base64, opts.field), opts)
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
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg('The image must be a JPEG, PNG or WebP picture'), {
      fieldErrors: { [opts.field]: msg('Unsupported image type') },
    })
  }
  if ((opts.maxWidth && info.width > opts.maxWidth) || (opts.maxHeight && info.height > opts.maxHeight)) {
    throw new AppError('BAD_REQUEST', `The image must be at most ${opts.maxWidth}×${opts.maxHeight} pixels`, {
      localized: (t) => t('The image must be at most {width}×{height} pixels', { width: opts.maxWidth, height: opts.maxHeight }),
      fieldErrors: { [opts.field]: msg('Image too large') },
    })
  }
  return { contentType, width: info.width, height: info.height }
}

/** The most pixels a picture may have before it is decoded (a small file can decode to gigabytes). */
const MAX_INPUT_PIXELS = 4096 * 4096

/**
 * Checks an uploaded picture (as `checkImage`) and re-encodes it with sharp, so
 * what is stored and served back is pixels only: EXIF (GPS position, camera,
 * time), XMP, IPTC and ICC data and anything appended to the file are gone
 * (decision 022). The EXIF orientation is applied first, so the picture still
 * shows the right way up. JPEG stays JPEG, PNG stays PNG, WebP stays WebP.
 */
export async function reencodeImage(
  bytes: Buffer,
  opts: ImageRules,
): Promise<{ bytes: Buffer; contentType: string; width: number; height: number }> {
  const checked = checkImage(bytes, opts)
  const { default: sharp } = await import('sharp')
  // Decision 050: each upload is encoded once; libvips' operation cache (50 MB) would only hold memory.
  sharp.cache(false)
  try {
    let pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()
    // libjpeg-turbo, not mozjpeg: mozjpeg saves ≈ 8 % of the bytes for 5–10× the CPU (a 1600×1200
    // photo: 270 ms instead of 26), and four photos per pre-trip on a 2-core machine (decision 051).
    if (checked.contentType === 'image/jpeg') pipeline = pipeline.jpeg({ quality: 85 })
    else if (checked.contentType === 'image/png') pipeline = pipeline.png()
    else pipeline = pipeline.webp({ quality: 85 })
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true })
    return { bytes: data, contentType: checked.contentType, width: info.width, height: info.height }
  } catch (cause) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg('The image could not be read; send a JPEG, PNG or WebP picture'), {
      fieldErrors: { [opts.field]: msg('Unreadable image') },
      cause,
    })
  }
}
