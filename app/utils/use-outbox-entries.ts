import * as React from 'react'

/**
 * A page's view of a phone outbox (the fill-ups', the duty changes'): this user's entries that
 * `keep` selects, kept fresh across tabs; null until read (and without JavaScript). `load` brings
 * the outbox's module on first use.
 */
export function useOutboxEntries<E>(
  load: () => Promise<{ list: (userId: number) => Promise<E[]>; onChange: (listener: () => void) => () => void }>,
  userId: number,
  keep: (entry: E) => boolean,
  deps: React.DependencyList,
): E[] | null {
  const [list, setList] = React.useState<E[] | null>(null)
  React.useEffect(() => {
    let alive = true
    let stop = () => {}
    void load()
      .then((q) => {
        const read = () => void q.list(userId).then((all) => alive && setList(all.filter(keep)))
        read()
        if (alive) stop = q.onChange(read)
      })
      .catch(() => alive && setList([]))
    return () => {
      alive = false
      stop()
    }
    // `keep` is rebuilt each render; `deps` say what it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, userId, ...deps])
  return list
}
