import type * as React from 'react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'

/**
 * Sonner's toaster in the app's colours. Mount once in root.tsx; call
 * `toast(...)` / `toast.error(...)` from 'sonner' anywhere. Toasts stay
 * 3.2 s by default (the spec's error toast); pass `duration` per toast to
 * change it. With `richColors`, success/error/warning toasts get a border in
 * the semantic colour (sonner's icon is the non-colour signal).
 * `theme` defaults to 'light'; pass 'dark' when the `.dark` class is on.
 *
 * Toasts show at the top centre (decision 057): every dialog keeps its buttons in a footer at
 * its bottom (full screen on phones), so a toast never covers a dialog's primary button, nor
 * the sticky action bars of the phone forms. The offset clears the 56 px top bar's own edge.
 */
function Toaster({ theme = 'light', duration = 3200, position = 'top-center', ...props }: ToasterProps) {
  return (
    <Sonner
      theme={theme}
      duration={duration}
      position={position}
      offset={{ top: 8 }}
      mobileOffset={{ top: 8, left: 8, right: 8 }}
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--success-bg': 'var(--popover)',
          '--success-text': 'var(--foreground)',
          '--success-border': 'var(--success)',
          '--error-bg': 'var(--popover)',
          '--error-text': 'var(--foreground)',
          '--error-border': 'var(--danger)',
          '--warning-bg': 'var(--popover)',
          '--warning-text': 'var(--foreground)',
          '--warning-border': 'var(--warning)',
          '--border-radius': 'var(--radius)',
        } as React.CSSProperties
      }
      {...props}
    />
  )
}

export { Toaster }
