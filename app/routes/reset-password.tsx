import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { Logo } from '#app/components/logo.tsx'

export const meta: MetaFunction = () => [{ title: 'Reset password · Operon' }]

/** Spec: needs a token query parameter, otherwise redirects to /. */
export function loader({ request }: LoaderFunctionArgs) {
  if (!new URL(request.url).searchParams.get('token')) throw redirect('/')
  return null
}

export default function ResetPassword() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 px-4 py-10">
      <Logo className="text-2xl" />
      <h1 className="text-2xl font-semibold">Reset password</h1>
      <Link to="/login" className="text-sm text-primary underline-offset-4 hover:underline">
        Back to login
      </Link>
    </main>
  )
}
