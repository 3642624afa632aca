import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { Logo } from '#app/components/logo.tsx'

export const meta: MetaFunction = () => [{ title: 'Forgot password · Operon' }]

export default function SendResetLink() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 px-4 py-10">
      <Logo className="text-2xl" />
      <h1 className="text-2xl font-semibold">Forgot password</h1>
      <Link to="/login" className="text-sm text-primary underline-offset-4 hover:underline">
        Back to login
      </Link>
    </main>
  )
}
