import { redirect } from '@remix-run/node'

/** Spec: / redirects to /dashboard. */
export const loader = () => redirect('/dashboard')
