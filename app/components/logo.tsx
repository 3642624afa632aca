/** The Operon mark and name (inline SVG: no outside assets). */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight ${className ?? ''}`}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>Operon</span>
    </span>
  )
}
