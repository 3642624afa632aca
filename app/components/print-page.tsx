/** A printable page's body, without the standard layout. */
export function PrintPage({ title }: { title: string }) {
  return (
    <main className="mx-auto max-w-3xl p-8 print:p-0">
      <h1 className="text-2xl font-semibold">{title}</h1>
    </main>
  )
}
