import { redirect } from '@remix-run/node'

/** Spec: unknown paths redirect to /. */
export const loader = () => redirect('/')
export const action = () => redirect('/')
