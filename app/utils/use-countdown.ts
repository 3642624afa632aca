import { useCallback, useEffect, useState } from 'react'

/**
 * Seconds left of a countdown that starts at `seconds` and ticks once a second down to 0;
 * `restart()` starts it again. A button waits while it is above 0 (after hydration).
 */
export function useCountdown(seconds: number): [left: number, restart: () => void] {
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    if (left <= 0) return
    const t = setTimeout(() => setLeft((w) => w - 1), 1000)
    return () => clearTimeout(t)
  }, [left])
  const restart = useCallback(() => setLeft(seconds), [seconds])
  return [left, restart]
}
