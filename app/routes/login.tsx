import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { DemoLogins } from '#app/components/demo-logins.tsx'
import { Logo } from '#app/components/logo.tsx'
import { getActor } from '#app/utils/auth.server.ts'
import { env } from '#server/env.server.ts'

export const meta: MetaFunction = () => [{ title: 'Log in · Operon' }]

export async function loader({ request }: LoaderFunctionArgs) {
  if ((await getActor(request)).kind === 'user') throw redirect('/dashboard')
  return { demo: env().DEMO_DATA }
}

export default function Login() {
  const { demo } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 px-4 py-10">
      <Logo className="text-2xl" />
      <h1 className="text-2xl font-semibold">Log in</h1>
      <p className="text-sm">
        <Link to="/SendResetLink" className="text-primary underline-offset-4 hover:underline">
          Forgot password
        </Link>
        {' · '}
        <Link to="/register" className="text-primary underline-offset-4 hover:underline">
          Register
        </Link>
      </p>
      {demo ? <DemoLogins /> : null}
    </main>
  )
}
