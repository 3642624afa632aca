import { cn } from '#app/utils/cn.ts'

/** "Ada Lovelace" → "AL". */
export function initialsOf(firstName: string, lastName: string, fallback?: string | null): string {
  const s = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase()
  return s || (fallback ?? '').trim().charAt(0).toUpperCase() || '?'
}

/** A data: URL for a stored photo (base64), typed by its first bytes. */
export function photoDataUrl(base64: string | null | undefined): string | null {
  if (!base64) return null
  const type = base64.startsWith('iVBOR') ? 'image/png' : base64.startsWith('UklGR') ? 'image/webp' : 'image/jpeg'
  return `data:${type};base64,${base64}`
}

/**
 * The round profile picture, or the initials. A plain `<img>` (not Radix
 * Avatar, which shows its image only once JavaScript runs).
 */
export function ProfileAvatar({
  photo,
  initials,
  alt,
  className,
}: {
  photo: string | null
  initials: string
  /** The person's name, or "" when the name is shown next to it. */
  alt: string
  className?: string
}) {
  return (
    <span
      className={cn(
        'relative flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted text-2xl font-semibold text-muted-foreground',
        className,
      )}
    >
      {photo ? (
        <img src={photo} alt={alt} className="size-full object-cover" />
      ) : (
        <span aria-hidden={alt === '' ? true : undefined} aria-label={alt || undefined} role={alt ? 'img' : undefined}>
          {initials}
        </span>
      )}
    </span>
  )
}
