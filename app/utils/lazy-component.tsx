import * as React from 'react'
import { loadOnce, whenLoaded } from './load-once.ts'

/**
 * A component loaded on demand, like `React.lazy`, that survives a lost signal: `React.lazy`
 * remembers a failed chunk load and throws it into the error boundary, which would replace a
 * page (a pre-trip half filled in the yard) by an error. This one shows `fallback` until the
 * chunk is there, and tries again when the connection returns (`online`).
 */
export function lazyComponent<P extends object>(load: () => Promise<React.ComponentType<P>>, fallback: React.ReactNode = null): React.ComponentType<P> {
  const get = loadOnce(load)
  let loaded: React.ComponentType<P> | undefined
  function Lazy(props: P) {
    const [Component, setComponent] = React.useState(() => loaded)
    React.useEffect(() => {
      if (Component) return
      return whenLoaded(get, (c) => {
        loaded = c
        setComponent(() => c)
      })
    }, [Component])
    return Component ? <Component {...props} /> : fallback
  }
  return Lazy
}
