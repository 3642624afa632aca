import { Link } from '@remix-run/react'
import { X } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { useT } from '#app/utils/i18n.tsx'

/**
 * A dialog that is plain HTML: it renders open on the server, so the login
 * code step works without JavaScript. Closing is a link back to `closeTo`.
 */
export function ModalPanel({
  title,
  width,
  minHeight,
  closeTo,
  children,
}: {
  title: string
  width: number
  minHeight: number
  closeTo: string
  children: ReactNode
}) {
  const id = useId()
  const { t } = useT()
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        className="relative w-full rounded-lg border bg-background p-6 shadow-lg"
        style={{ maxWidth: width, minHeight }}
      >
        <h2 id={id} className="mb-4 text-lg font-semibold">
          {title}
        </h2>
        <Link
          to={closeTo}
          aria-label={t('Close')}
          className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-4" />
        </Link>
        {children}
      </div>
    </div>
  )
}
